import Foundation
import Testing

@testable import ReceiptKit

/// Payload models decode through their fields over the one parse: a wrong type names the outermost member
/// as reports always have, null is absence, and members a model does not name are kept and printed under
/// `unknownFields`, which is left out when there are none.
@Suite struct MemberFieldModelTests {
    static func payload(_ text: String) throws(ReceiptError) -> JWSPayload {
        try JWSPayload.decode(Array(text.utf8), expecting: nil)
    }

    static func failure(_ text: String) -> String? {
        do {
            _ = try payload(text)
            return nil
        } catch {
            return error.message
        }
    }

    static func encoded(_ payload: JWSPayload) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(payload), as: UTF8.self)
    }

    @Test func wrongTypesNameTheMember() {
        let prefix = "the JWS payload cannot be decoded: "
        #expect(
            Self.failure(#"{"transactionId":"1","quantity":"1"}"#)
                == prefix + #"the member "quantity" is not a 64-bit integer"#)
        #expect(
            Self.failure(#"{"transactionId":1}"#) == prefix + #"the member "transactionId" is not a string"#)
        #expect(
            Self.failure(#"{"transactionId":"1","signedDate":1e300}"#)
                == prefix + #"the member "signedDate" is not a date in milliseconds up to the year 9999"#)
        #expect(
            Self.failure(#"{"autoRenewStatus":1,"eligibleWinBackOfferIds":["a",2]}"#)
                == prefix + #"the member "eligibleWinBackOfferIds" is not a string"#)
        #expect(
            Self.failure(#"{"notificationType":"TEST","data":{"bundleId":5}}"#)
                == prefix + #"the member "data" is not a string"#)
        #expect(
            Self.failure(#"{"notificationType":"TEST","appData":[]}"#)
                == prefix + #"the member "appData" is not a JSON object"#)
    }

    @Test func nullIsAbsence() throws {
        guard case .transaction(let transaction) = try Self.payload(#"{"transactionId":"1","quantity":null}"#) else {
            Issue.record("not a transaction")
            return
        }
        #expect(transaction.quantity == nil && transaction.unknown.isEmpty)
        #expect(try Self.encoded(.transaction(transaction)) == #"{"transactionId":"1"}"#)
    }

    @Test func unknownMembersAreKeptUnderOneMember() throws {
        let text = #"{"transactionId":"1","later":[true],"unknownFields":{"a":1},"signedDate":1700000000000}"#
        guard case .transaction(let transaction) = try Self.payload(text) else {
            Issue.record("not a transaction")
            return
        }
        #expect(transaction.unknown == ["later": .array([.bool(true)]), "unknownFields": .object(["a": .integer(1)])])
        #expect(
            try Self.encoded(.transaction(transaction))
                == #"{"signedDate":"2023-11-14T22:13:20Z","transactionId":"1","#
                + #""unknownFields":{"later":[true],"unknownFields":{"a":1}}}"#)
    }

    @Test func nestedModelsKeepTheirOwnUnknownMembers() throws {
        let text = #"{"notificationType":"TEST","data":{"bundleId":"b","extra":"x"},"summary":{"k":[1]}}"#
        guard case .notification(let notification) = try Self.payload(text) else {
            Issue.record("not a notification")
            return
        }
        #expect(notification.unknown.isEmpty && notification.data?.unknown == ["extra": .string("x")])
        #expect(notification.summary?.json == .object(["k": .array([.integer(1)])]))
    }

    /// Through another decoder `init(from:)` reads `unknownFields` as a member, as a report writes it; only
    /// ReceiptKit's own parse gathers the members a model does not name.
    @Test func anotherDecoderReadsUnknownFieldsAsWritten() throws {
        let text = #"{"userLocale":"en","later":1,"unknownFields":{"a":true}}"#
        let request = try JSONDecoder().decode(RealtimeRequest.self, from: Data(text.utf8))
        #expect(request.userLocale == "en" && request.unknown == ["a": .bool(true)])
    }

    /// Every field reads its member: a payload with every member decodes to a model that writes each back,
    /// and another decoder reads the same model from it.
    @Test func everyFieldReadsItsMember() throws {
        try Self.expectEveryMemberRead(JWSTransaction.self)
        try Self.expectEveryMemberRead(AppTransaction.self)
        try Self.expectEveryMemberRead(JWSRenewalInfo.self)
        try Self.expectEveryMemberRead(RealtimeRequest.self)
        try Self.expectEveryMemberRead(NotificationPayload.self)
        try Self.expectEveryMemberRead(NotificationPayload.NotificationData.self)
        try Self.expectEveryMemberRead(NotificationPayload.AppData.self)
    }

    static func expectEveryMemberRead<M: MemberFieldModel & Codable & Equatable>(_ type: M.Type) throws {
        guard case .object(var members) = try JWSReportJSONTests.full(M.self) else {
            Issue.record("\(M.self): not an object")
            return
        }
        let model = try M(json: .object(members))
        let written = try JSONText.parse(Array(JSONEncoder().encode(model)), what: "a model", reason: .malformed)
        guard case .object(let writtenMembers) = written else { return }
        #expect(Set(writtenMembers.keys) == Set(M.fields.map(\.name)), "\(M.self): a member not read")
        members["zz unknown"] = nil
        members["unknownFields"] = nil
        var bytes: [UInt8] = []
        try CompactJSONWriter.append(.object(members), to: &bytes, depth: 0)
        #expect(try JSONDecoder().decode(M.self, from: Data(bytes)) == M(json: .object(members)), "\(M.self)")
    }
}
