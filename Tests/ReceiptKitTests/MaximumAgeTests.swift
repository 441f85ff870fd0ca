import Foundation
import Testing

@testable import ReceiptKit

/// A receipt or signed transaction is a snapshot: past the maximum age, what it says of purchases and
/// subscriptions at a later time is unknown, except a subscription that had already ended when it was made.
@Suite struct MaximumAgeTests {
    static func date(_ text: String) throws -> Date { try #require(try RFC3339.parse(text)) }

    static func facts() throws -> EntitlementFacts {
        var facts = EntitlementFacts(
            source: .transaction, bundleID: "com.example.app",
            purchases: [
                PurchaseFacts(
                    InAppPurchase(productID: "lifetime", purchaseDate: try date("2023-01-01T00:00:00Z")),
                    TransactionFacts(storeKitType: .known(.nonConsumable))),
                PurchaseFacts(
                    InAppPurchase(
                        productID: "month", purchaseDate: try date("2023-09-19T00:00:00Z"),
                        expiresDate: try date("2023-10-19T00:00:00Z")),
                    TransactionFacts(storeKitType: .known(.autoRenewable))),
                PurchaseFacts(
                    InAppPurchase(
                        productID: "week", purchaseDate: try date("2023-05-09T00:00:00Z"),
                        expiresDate: try date("2023-05-16T00:00:00Z")),
                    TransactionFacts(storeKitType: .known(.autoRenewable))),
            ])
        facts.snapshotDate = try date("2023-10-01T00:00:00Z")
        return facts
    }

    static func decide(_ rules: String, at time: String, maximumAge: PurchaseTerm? = RuleSet.defaultMaximumAge)
        throws -> [EntitlementDecision]
    {
        try RuleSet.parse(file: rules, name: "t").evaluate(
            facts: try facts(), at: try date(time), platform: nil, maximumAge: maximumAge)
    }

    @Test func oldSnapshotMakesPurchasesUnknown() throws {
        let rules = "owned: product \"lifetime\"\nfree: not product \"lifetime\""
        #expect(try Self.decide(rules, at: "2023-10-03T00:00:00Z").map(\.granted) == [true, false])
        let old = try Self.decide(rules, at: "2025-10-01T00:00:00Z")
        #expect(old.map(\.granted) == [false, false])
        #expect(
            old.first?.reasons == [
                "the transaction is 731 days old at 2025-10-01T00:00:00Z (signed or created 2023-10-01T00:00:00Z, maximum age P3D; set RuleConfiguration.time to judge it at another time, or set RuleConfiguration.maximumAge to nil to turn the age check off): a purchase or refund of \"lifetime\" since is invisible: unknown"
            ])
        #expect(try Self.decide(rules, at: "2025-10-01T00:00:00Z", maximumAge: nil).map(\.granted) == [true, false])
    }

    @Test func subscriptionMayHaveRenewedUnlessItEndedBeforeTheSnapshot() throws {
        let rules = "m: subscription \"month\" active\nw: not subscription \"week\" active"
        let fresh = try Self.decide(rules, at: "2023-10-02T00:00:00Z")
        #expect(fresh.map(\.granted) == [true, true])
        let stale = try Self.decide(rules, at: "2024-09-17T00:00:00Z")
        #expect(stale.map(\.granted) == [false, true])
        #expect(stale.first?.reasons.first?.hasSuffix("may have renewed or been refunded since: unknown") == true)
        #expect(
            stale.last?.reasons == [
                "not: subscription \"week\" expired at 2023-05-16T00:00:00Z, before 2024-09-17T00:00:00Z"
            ])
    }

    @Test func inputWithoutADateIsTooOldToTell() throws {
        var facts = try Self.facts()
        facts.snapshotDate = nil
        let rules = try RuleSet.parse(file: "owned: product \"lifetime\"", name: "t")
        let decision = rules.evaluate(facts: facts, at: try Self.date("2023-10-02T00:00:00Z"), platform: nil).first
        #expect(decision?.granted == false)
        #expect(decision?.reasons.first?.contains("has no signed or creation date") == true)
    }

    @Test func receiptsAndJWSCarryTheirSnapshotDate() throws {
        let receipt = ParsedReceipt(
            receiptType: "Production", receiptCreationDate: try Self.date("2024-02-23T17:27:16Z"))
        #expect(EntitlementFacts(receipt: receipt).snapshotDate == (try Self.date("2024-02-23T17:27:16Z")))
        let pki = try JWSSigningTests.ecPKI.get()
        let report = try JWSConformanceTests.validate(
            try JWSConformanceTests.sign(JWSConformanceTests.transaction, pki), pki)
        #expect(
            try #require(EntitlementFacts(report: report)).snapshotDate == Date(timeIntervalSince1970: 1_714_521_600))
    }
}
