import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite(.timeLimit(.minutes(10))) struct ReceiptJSONTests {
    private static func encode(_ receipt: ParsedReceipt) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(receipt), as: UTF8.self)
    }

    private static func decode(_ json: String) throws -> ParsedReceipt {
        try JSONDecoder().decode(ParsedReceipt.self, from: Data(json.utf8))
    }

    /// The debug description of a decoding failure, or nil (and a recorded issue) when it decodes.
    private static func decodingFailure(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        do {
            let receipt = try decode(json)
            Issue.record("decoded \(receipt)", sourceLocation: sourceLocation)
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return context.debugDescription
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    @Test func encodesTheDocumentedShape() throws {
        let receipt = ParsedReceipt(
            receiptType: "Xcode", appItemID: 0, bundleID: "a", bundleIDData: [0x0C, 0x01, 0x61],
            receiptCreationDate: try RFC3339.parse("2020-10-08T11:17:49.131Z"),
            inApp: [
                InAppPurchase(
                    quantity: 1, expiresDate: try RFC3339.parse("4001-01-01T00:00:00+0000"), isTrialPeriod: false,
                    unknownAttributes: [1709: [[0x0C, 0x00]]])
            ],
            unknownAttributes: [8: [[0x16, 0x00], [0x16, 0x01, 0x41]]])
        let json = try Self.encode(receipt)
        #expect(
            json == """
                {"app_item_id":0,"bundle_id":"a","bundle_id_data":"0c0161","environment":"xcode",\
                "in_app":[{"expires_date":"4001-01-01T00:00:00Z","is_trial_period":false,"quantity":1,\
                "unknown_attributes":{"1709":["0c00"]}}],"receipt_creation_date":"2020-10-08T11:17:49.131Z",\
                "receipt_type":"Xcode","unknown_attributes":{"8":["1600","160141"]}}
                """)
        #expect(try Self.decode(json) == receipt)
    }

    @Test func emptyReceiptWritesOnlyTheAlwaysPresentKeys() throws {
        #expect(try Self.encode(ParsedReceipt()) == #"{"environment":"unknown","in_app":[],"unknown_attributes":{}}"#)
        #expect(try Self.decode("{}") == ParsedReceipt())
    }

    @Test func everyFieldRoundTrips() throws {
        let receipt = try PayloadDecoderTests.fullReceipt()
        let json = try Self.encode(receipt)
        #expect(try Self.decode(json) == receipt)
        #expect(try Self.encode(try Self.decode(json)) == json)
        for key in ParsedReceipt.fields.map(\.name) + InAppPurchase.fields.map(\.name) {
            #expect(json.contains("\"\(key)\":"), "\(key)")
        }
    }

    @Test func environmentIsDerivedAndAGivenOneIgnored() throws {
        let receipt = try Self.decode(#"{"receipt_type":"Production","environment":"sandbox"}"#)
        #expect(receipt.environment == .production)
        #expect(Self.decodingFailure(#"{"environment":"moon"}"#) != nil)
    }

    @Test(arguments: [
        (#"{"opaque_value":"0g"}"#, "opaque_value"),
        (#"{"sha1_hash":"abc"}"#, "sha1_hash"),
        (#"{"bundle_id_data":"0C"}"#, "bundle_id_data"),
        (#"{"receipt_creation_date":"2020-02-30T00:00:00Z"}"#, "2020-02-30T00:00:00Z"),
        (#"{"expiration_date":""}"#, "expiration_date"),
        (#"{"in_app":[{"purchase_date":"yesterday"}]}"#, "yesterday"),
        (#"{"unknown_attributes":{"8":["zz"]}}"#, "zz"),
        (#"{"unknown_attributes":{"08":["00"]}}"#, "08"),
        (#"{"unknown_attributes":{"-8":["00"]}}"#, "-8"),
        (#"{"unknown_attributes":{"2":["00"]}}"#, "type 2"),
        (#"{"unknown_attributes":{"8":[]}}"#, "no values"),
        (#"{"in_app":[{"unknown_attributes":{"1703":["00"]}}]}"#, "type 1703"),
        (#"{"bundle_idd":"a"}"#, "bundle_idd"),
        (#"{"in_app":[{"transactionID":"1"}]}"#, "transactionID"),
    ])
    func invalidJSONIsRejectedWithAClearMessage(json: String, mentions: String) throws {
        let message = try #require(Self.decodingFailure(json))
        #expect(message.contains(mentions), "\(message)")
    }
}
