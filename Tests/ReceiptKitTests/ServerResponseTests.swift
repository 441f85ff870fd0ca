import Foundation
import Testing

@testable import ReceiptKit

/// App Store Server API responses as input: told by their members, every signed element verified like
/// a single JWS, and any element's failure the whole response's, with the element named.
@Suite(.timeLimit(.minutes(10))) struct ServerResponseTests {
    typealias M = StoreKit2Material

    static func history(_ elements: [String]) -> String {
        """
        {"bundleId":"\(M.bundleID)","appAppleId":\(M.appAppleID),"environment":"Production","hasMore":false,
        "revision":"r1","signedTransactions":[\(elements.joined(separator: ","))]}
        """
    }

    static let status = """
        {"bundleId":"\(M.bundleID)","appAppleId":\(M.appAppleID),"environment":"Production",
        "data":[{"subscriptionGroupIdentifier":"21000001","lastTransactions":[
        {"status":1,"originalTransactionId":"1001","signedTransactionInfo":\(M.transaction()),
        "signedRenewalInfo":\(M.renewal())}]}]}
        """

    @Test func historyResponseVerifiesEveryElement() throws {
        let body = try M.response(Self.history([M.transaction(), M.transaction(id: "1002", product: "coins")]))
        let report = try M.validate(body) {
            $0.bundleID = M.bundleID
            $0.environment = .production
            $0.appAppleID = M.appAppleID
        }
        #expect(report.status == .valid, "\(report.message ?? "")")
        #expect(report.format == .serverAPIResponse)
        let response = try #require(report.response)
        #expect(response.kind == .history && response.elements.count == 2)
        #expect(response.elements.allSatisfy { $0.status == .valid && $0.jws?.kind == .transaction })
        #expect(response.fields["hasMore"] == .bool(false) && response.fields["signedTransactions"] == nil)
        let facts = try #require(EntitlementFacts(report: report))
        #expect(facts.purchases.compactMap(\.productID) == ["pro.monthly", "coins"])
    }

    /// A genuine response with one element's signature broken: the whole is invalid, that element named.
    /// Apple's server answers for every device the customer used: a device binding asked for cannot hold,
    /// so it fails rather than passing unchecked.
    @Test func deviceVerificationIsNeverPassedUnchecked() throws {
        let body = try M.response(Self.history([M.transaction()]))
        let report = try M.validate(body) {
            $0.deviceVerificationID = DeviceVerification.DeviceID(parsing: M.device)
        }
        #expect(report.status == .invalid && report.reason == .deviceVerificationMismatch)
        #expect(try M.validate(body).status == .valid)
    }

    /// Renewal infos name no app: a response whose signed elements are all renewal infos is tied to the app
    /// only by its unsigned bundleId, under which another app's renewal info would pass; it fails instead.
    @Test func renewalInfosAloneAreNotBoundToTheApp() throws {
        let alone = try M.response(
            """
            {"bundleId":"\(M.bundleID)","appAppleId":\(M.appAppleID),"environment":"Production",
            "data":[{"subscriptionGroupIdentifier":"21000001","lastTransactions":[
            {"status":1,"originalTransactionId":"1001","signedRenewalInfo":\(M.renewal())}]}]}
            """)
        let report = try M.validate(alone) { $0.bundleID = M.bundleID }
        #expect(report.status == .invalid && report.reason == .bundleIDMismatch, "\(report.message ?? "")")
        #expect(report.message?.contains("no signed element names the app") == true, "\(report.message ?? "")")
        #expect(try M.validate(try M.response(Self.status)) { $0.bundleID = M.bundleID }.status == .valid)
    }

    @Test func tamperedElementFailsTheWholeResponse() throws {
        let good = try M.jws(M.transaction())
        let bad = try M.tampered(try M.jws(M.transaction(id: "1002")))
        let body = Self.history(["\"\(good)\"", "\"\(good)\"", "\"\(good)\"", "\"\(bad)\""])
        let report = try M.validate(try M.response(body))
        #expect(report.status == .invalid && report.reason == .signatureMismatch)
        #expect(report.message?.hasPrefix("elements[3]: signature_mismatch") == true, "\(report.message ?? "")")
        #expect(EntitlementFacts(report: report) == nil)
    }

    @Test func untrustedElementFailsTheWholeResponse() throws {
        let rogue = try M.jws(M.transaction(id: "1009"), try CheckMaterial.rogueECPKI.get())
        let report = try M.validate(try M.response(Self.history([M.transaction(), "\"\(rogue)\""])))
        #expect(report.reason == .untrustedChain)
        #expect(report.message?.hasPrefix("elements[1]: untrusted_chain") == true, "\(report.message ?? "")")
    }

    @Test func elementOfAnotherAppFailsTheResponse() throws {
        let body = Self.history([M.transaction(), M.transaction(id: "1002", bundle: "com.example.other")])
        let report = try M.validate(try M.response(body)) { $0.bundleID = M.bundleID }
        #expect(report.reason == .bundleIDMismatch)
        #expect(report.message?.hasPrefix("elements[1]: bundle_id_mismatch") == true, "\(report.message ?? "")")
    }

    /// An element that names no app fails --bundle-id, as a single JWS does: the response's bundleId cannot vouch.
    @Test func transactionWithoutBundleIDFailsBundleID() throws {
        let spec = M.transaction().replacingOccurrences(of: "\"bundleId\":\"\(M.bundleID)\",", with: "")
        let report = try M.validate(try M.response(Self.history([spec]))) { $0.bundleID = M.bundleID }
        #expect(report.reason == .bundleIDMismatch)
        #expect(report.message?.hasPrefix("elements[0]: bundle_id_mismatch") == true, "\(report.message ?? "")")
    }

    /// The response's own members are unsigned: they can fail it, never vouch for it.
    @Test func unsignedMembersCanOnlyFailTheResponse() throws {
        let body = try M.response(
            Self.history([M.transaction()]).replacingOccurrences(
                of: "\"bundleId\":\"\(M.bundleID)\",\"appAppleId\"",
                with: "\"bundleId\":\"com.example.other\",\"appAppleId\""))
        #expect(try M.validate(body) { $0.bundleID = M.bundleID }.reason == .bundleIDMismatch)
        let empty = try M.response(#"{"signedTransactions":[],"hasMore":false}"#)
        #expect(try M.validate(empty) { $0.bundleID = M.bundleID }.reason == .bundleIDMismatch)
        let emptyOfApp = try M.response(Self.history([]))
        let report = try M.validate(emptyOfApp) { $0.bundleID = M.bundleID }
        #expect(report.status == .valid && EntitlementFacts(report: report)?.purchases.isEmpty == true)
    }

    @Test func statusResponseVerifiesTransactionsAndRenewals() throws {
        let report = try M.validate(try M.response(Self.status)) { $0.bundleID = M.bundleID }
        #expect(report.status == .valid, "\(report.message ?? "")")
        #expect(report.response?.kind == .status)
        #expect(
            report.response?.elements.map(\.input) == [
                "data[0].lastTransactions[0].signedTransactionInfo", "data[0].lastTransactions[0].signedRenewalInfo",
            ])
        let facts = try #require(EntitlementFacts(report: report))
        #expect(facts.renewals.count == 1 && facts.purchases.count == 1)
    }

    @Test func renewalInfoInTheTransactionsPlaceIsRejected() throws {
        // The element's place names its kind: a renewal info where a transaction belongs does not decode as one.
        let swapped = Self.status.replacingOccurrences(of: "\"signedTransactionInfo\":", with: "\"x\":")
            .replacingOccurrences(of: "\"signedRenewalInfo\":", with: "\"signedTransactionInfo\":")
        let report = try M.validate(try M.response(swapped))
        #expect(report.status != .valid)
    }

    @Test func singleTransactionAndAppTransactionResponses() throws {
        let transaction = try M.validate(try M.response(#"{"signedTransactionInfo":\#(M.transaction())}"#))
        #expect(transaction.status == .valid && transaction.response?.kind == .transactionInfo)
        let app = try M.validate(try M.response(#"{"signedAppTransactionInfo":\#(M.appTransaction())}"#))
        #expect(app.status == .valid && app.response?.kind == .appTransactionInfo)
        #expect(EntitlementFacts(report: app)?.originalApplicationVersion == "1.4")
    }

    @Test func notificationHistoryVerifiesEachNotificationAndWhatItCarries() throws {
        let notification = """
            {"notificationType":"SUBSCRIBED","subtype":"INITIAL_BUY","version":"2.0","signedDate":"2026-11-21T00:00:00Z",
            "notificationUUID":"0b2c6d4e-0000-4000-8000-000000000004",
            "data":{"bundleId":"\(M.bundleID)","environment":"Production","signedTransactionInfo":\(M.transaction())}}
            """
        let body =
            #"{"hasMore":false,"paginationToken":"p1","notificationHistory":[{"signedPayload":\#(notification)}]}"#
        let report = try M.validate(try M.response(body))
        #expect(report.status == .valid, "\(report.message ?? "")")
        #expect(report.response?.elements.first?.jws?.nested["data.signedTransactionInfo"]?.status == .valid)

        let rogue = try M.jws(M.transaction(), try CheckMaterial.rogueECPKI.get())
        let broken = notification.replacingOccurrences(of: M.transaction(), with: "\"\(rogue)\"")
        let failed = try M.validate(
            try M.response(#"{"notificationHistory":[{"signedPayload":\#(broken)}]}"#))
        #expect(failed.reason == .nestedJWSInvalid)
        #expect(failed.message?.hasPrefix("elements[0]: nested_jws_invalid") == true)
    }

    /// The work is bounded by the body: past the body's 4,096 JSON values a response is refused unread, and
    /// of thousands of junk elements the first fails, named, and decides the body.
    @Test func elementCountIsBoundedByTheBody() throws {
        let junk = Array(repeating: "\"e.e.e\"", count: 5000).joined(separator: ",")
        let refused = try M.validate(#"{"signedTransactions":[\#(junk)]}"#)
        #expect(refused.status == .malformed && refused.reason == .unsupportedFormat)
        let many = Array(repeating: "\"e.e.e\"", count: 4000).joined(separator: ",")
        let report = try M.validate(#"{"signedTransactions":[\#(many)]}"#)
        #expect(report.status == .invalid && report.response?.elements.count == 1)
        #expect(report.message?.hasPrefix("elements[0]: invalid_jws") == true, "\(report.message ?? "")")
    }

    /// A body whose elements each carry a chain of their own costs at most one failed element: the first
    /// that fails decides the body, and the rest are not verified (nor their chains built).
    @Test func theFirstFailedElementDecidesTheBody() throws {
        var elements: [String] = [M.transaction()]
        for index in 0..<3 {
            let rogue = try JWSSigningTests.pki()
            elements.append("\"\(try M.jws(M.transaction(id: "20\(index)"), rogue))\"")
        }
        elements.append(M.transaction(id: "1002"))
        let report = try M.validate(try M.response(Self.history(elements))) { $0.bundleID = M.bundleID }
        #expect(report.status == .invalid && report.reason == .untrustedChain)
        #expect(report.response?.elements.map(\.status) == [.valid, .invalid])
        #expect(
            report.message?.hasPrefix("elements[1]: untrusted_chain") == true
                && report.message?.hasSuffix("; the 3 elements after it not verified") == true,
            "\(report.message ?? "")")
        #expect(report.checks.filter { $0.name == .element }.count == 2)
        #expect(EntitlementFacts(report: report) == nil)
    }

    @Test func damagedResponseShapesAreRefused() throws {
        for body in [
            #"{"signedTransactions":"eyJ.a.b"}"#, #"{"signedTransactions":[1]}"#,
            #"{"notificationHistory":[{"other":1}]}"#, #"{"data":[{"lastTransactions":{}}]}"#,
        ] {
            let report = try M.validate(body)
            #expect(report.status == .malformed && report.reason == .unsupportedFormat, "\(body)")
        }
    }

    /// A response naming a signed element twice (two `signedTransactions`) is refused before any is verified.
    @Test func duplicateMembersAreRefused() throws {
        let report = try M.validate(#"{"signedTransactions":[],"signedTransactions":[]}"#)
        #expect(report.reason == .duplicateMember)
        // Nor a second signed member beside a response's own: one input a body.
        for body in [
            #"{"signedTransactions":[],"notificationHistory":[]}"#,
            #"{"bundleId":"com.example.app","data":[],"signedTransactionInfo":"e.e.e"}"#,
        ] {
            #expect(try M.validate(body).reason == .ambiguousInput, "\(body)")
        }
    }

    /// A StatusResponse-shaped `data` beside another signed member is a second input, not an unread
    /// member: otherwise its elements (here signed by a rogue chain) are never verified.
    @Test func statusDataBesideAnotherSignedMemberIsAmbiguous() throws {
        let rogue = try M.jws(M.transaction(id: "1009"), try CheckMaterial.rogueECPKI.get())
        let data =
            #""data":[{"subscriptionGroupIdentifier":"1","lastTransactions":[{"signedTransactionInfo":"\#(rogue)"}]}]"#
        let good = try M.jws(M.transaction())
        for body in [
            #"{"signedTransactions":["\#(good)"],\#(data)}"#, #"{"signedPayload":"\#(good)",\#(data)}"#,
            #"{"receipt-data":"MIIBAA==",\#(data)}"#, #"{"signedTransactionInfo":"\#(good)",\#(data)}"#,
            #"{"bundleId":"\#(M.bundleID)","data":[],"signedTransactions":[]}"#,
        ] {
            let report = try M.validate(body) { $0.bundleID = M.bundleID }
            #expect(report.status == .malformed && report.reason == .ambiguousInput, "\(report.message ?? "")")
        }
        // A `data` that is no StatusResponse's (a notification's is an object) is not a second input.
        let report = try M.validate(#"{"signedPayload":"\#(good)","data":{"lastTransactions":[]}}"#)
        #expect(report.reason != .ambiguousInput)
    }

    /// A `lastTransactions` entry that is not an object is refused like any wrong-typed element.
    @Test func lastTransactionsEntryThatIsNotAnObjectIsRefused() throws {
        for entry in [#""e.e.e""#, "1", "null", "[]"] {
            let body = try M.response(
                Self.status.replacingOccurrences(of: #""lastTransactions":["#, with: #""lastTransactions":[\#(entry),"#)
            )
            let report = try M.validate(body) { $0.bundleID = M.bundleID }
            #expect(report.status == .malformed && report.reason == .unsupportedFormat, "\(entry)")
            #expect(report.message?.contains("data[0].lastTransactions[0] is not an object") == true)
        }
    }

    /// A production History or Status response without `appAppleId` fails `appAppleID`, as a production
    /// AppTransaction without one does: production told by its elements when the response does not say.
    @Test func productionResponseWithoutAppAppleIDFails() throws {
        let missing = Self.history([M.transaction()]).replacingOccurrences(
            of: #""appAppleId":\#(M.appAppleID),"#, with: "")
        let status = Self.status.replacingOccurrences(of: #""appAppleId":\#(M.appAppleID),"#, with: "")
        let unnamed = missing.replacingOccurrences(of: #""environment":"Production","hasMore""#, with: #""hasMore""#)
        for body in [missing, status, unnamed] {
            #expect(!body.contains("appAppleId"))
            let report = try M.validate(try M.response(body)) { $0.appAppleID = M.appAppleID }
            #expect(report.status == .invalid && report.reason == .appAppleIDMismatch, "\(report.message ?? "")")
            #expect(report.message?.contains("production response carries no app Apple id") == true, "\(body)")
        }
        let sandbox = Self.history([M.transaction(environment: "Sandbox")])
            .replacingOccurrences(
                of: #""appAppleId":\#(M.appAppleID),"environment":"Production""#, with: #""environment":"Sandbox""#)
        let report = try M.validate(try M.response(sandbox)) { $0.appAppleID = M.appAppleID }
        #expect(report.status == .valid, "\(report.message ?? "")")
    }
}
