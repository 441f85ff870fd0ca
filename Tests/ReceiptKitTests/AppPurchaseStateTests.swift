import Foundation
import Testing

@testable import ReceiptKit

/// What the app purchase itself says: a volume purchase receipt past its expiration date (field 21) and
/// an AppTransaction whose purchase was refunded (`revocationDate`) grant nothing from grandfathering.
@Suite struct AppPurchaseStateTests {
    static let grandfather = "premium: original_application_version < 42"

    static func date(_ text: String) throws -> Date { try #require(try RFC3339.parse(text)) }

    @Test func expiredVolumePurchaseReceiptGrantsNothing() throws {
        let receipt = ParsedReceipt(
            receiptType: "ProductionVPP", bundleID: "com.example.app",
            receiptCreationDate: try Self.date("2024-01-01T00:00:00Z"),
            originalApplicationVersion: "37", expirationDate: try Self.date("2024-06-01T00:00:00Z"))
        let rules = try RuleSet.parse(
            file: Self.grandfather + "\npro: not (original_application_version >= 42)", name: "t")
        let before = rules.evaluate(receipt: receipt, at: try Self.date("2024-05-31T00:00:00Z"), platform: .ios)
        #expect(before.map(\.granted) == [true, true])
        let after = rules.evaluate(receipt: receipt, at: try Self.date("2024-06-01T00:00:00Z"), platform: .ios)
        #expect(after.map(\.granted) == [false, false])
        #expect(
            after.first?.reasons == [
                "the receipt expired at 2024-06-01T00:00:00Z (field 21: a volume purchase license that ended): nothing is granted"
            ])
    }

    @Test func refundedAppPurchaseGrantsNothingFromGrandfathering() throws {
        let pki = try JWSSigningTests.ecPKI.get()
        let payload = """
            {"bundleId":"com.example.app","applicationVersion":"50","originalApplicationVersion":"37",
            "originalPurchaseDate":1583056800000,"receiptCreationDate":1714521600000,"receiptType":"Production",
            "environment":"Production","signedDate":1714521600000,"revocationDate":1717200000000,"revocationReason":0}
            """
        let report = try JWSConformanceTests.validate(try JWSConformanceTests.sign(payload, pki), pki)
        #expect(report.status == .valid, "\(report.message ?? "")")
        guard case .appTransaction(let app) = report.jws?.payload else {
            Issue.record("not an AppTransaction")
            return
        }
        #expect(app.revocationDate?.date == (try Self.date("2024-06-01T00:00:00Z")) && app.unknown.isEmpty)
        let facts = try #require(EntitlementFacts(report: report))
        let rules = try RuleSet.parse(
            file: [
                Self.grandfather, "early: original_purchase_date < 2021-01-01",
                "negated: not (original_application_version >= 42)", "late: original_purchase_date < signed_up",
            ].joined(separator: "\n"), name: "t")
        // A date the app gives is read against the refunded purchase's date as a literal one is.
        var appFacts = AppFacts()
        try appFacts.add("signed_up", .date(try Self.date("2021-01-01T00:00:00Z")))
        let before = rules.evaluate(
            facts: facts, at: try Self.date("2024-05-31T00:00:00Z"), platform: .ios, appFacts: appFacts)
        #expect(before.map(\.granted) == [true, true, true, true])
        let after = rules.evaluate(
            facts: facts, at: try Self.date("2024-06-02T00:00:00Z"), platform: .ios, appFacts: appFacts)
        #expect(after.map(\.granted) == [false, false, false, false])
        let refunded =
            "the app purchase was refunded at 2024-06-01T00:00:00Z (the AppTransaction's revocationDate): nothing is granted from it"
        #expect(after.first?.reasons == [refunded])
        #expect(after.last?.reasons == [refunded])
    }
}

/// Rule fields for what the app purchase is: Apple's receipt type (so volume purchases can be named), an
/// AppTransaction's preorder date, and what a production receipt without field 19 should do.
@Suite struct AppPurchaseFieldTests {
    static func date(_ text: String) throws -> Date { try #require(try RFC3339.parse(text)) }

    @Test func receiptTypeNamesVolumePurchases() throws {
        let rules = try RuleSet.parse(file: "vpp: receipt_type == \"ProductionVPP\"", name: "t")
        let time = try Self.date("2024-01-01T00:00:00Z")
        let vpp = ParsedReceipt(receiptType: "ProductionVPP", bundleID: "com.example.app")
        #expect(rules.evaluate(receipt: vpp, at: time, platform: nil).first?.granted == true)
        let store = ParsedReceipt(receiptType: "Production", bundleID: "com.example.app")
        #expect(rules.evaluate(receipt: store, at: time, platform: nil).first?.granted == false)
        let old = rules.evaluate(receipt: ParsedReceipt(bundleID: "com.example.app"), at: time, platform: nil).first
        #expect(
            old?.reasons == ["no receipt type in the receipt (field 0; 2010-era receipts lack it): rule not satisfied"])
        #expect(throws: RuleSet.ParseError.self) {
            try RuleParser.parse("v: receipt_type < \"Production\"", origin: "t")
        }
    }

    @Test func preorderDateIsAField() throws {
        var facts = EntitlementFacts(source: .appTransaction, bundleID: "com.example.app", environment: .production)
        let rules = try RuleSet.parse(file: "early: preorder_date < 2024-06-01", name: "t")
        let time = try Self.date("2024-07-01T00:00:00Z")
        #expect(rules.evaluate(facts: facts, at: time, platform: nil).first?.granted == false)
        facts.preorderDate = try Self.date("2024-05-01T00:00:00Z")
        #expect(rules.evaluate(facts: facts, at: time, platform: nil).first?.granted == true)
    }

    @Test func productionReceiptWithoutField19SaysToRefresh() throws {
        let receipt = ParsedReceipt(receiptType: "Production", bundleID: "com.example.app")
        let rules = try RuleSet.parse(file: "premium: original_application_version < 42", name: "t")
        let decision = rules.evaluate(receipt: receipt, at: try Self.date("2024-01-01T00:00:00Z"), platform: nil)
        #expect(decision.first?.reasons.first?.contains("refreshing the receipt on the device") == true)
    }
}
