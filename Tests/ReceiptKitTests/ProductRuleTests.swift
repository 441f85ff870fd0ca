import Foundation
import Testing

@testable import ReceiptKit

/// `product "X"` knows what X is: an auto-renewable subscription or a consumable is not "held" by a
/// purchase, a non-renewing one is held for the term the rule gives, and nothing is held before it is
/// bought (give or take the allowed clock skew).
@Suite struct ProductRuleTests {
    static func date(_ text: String) throws -> Date { try #require(try RFC3339.parse(text)) }

    static func facts(type: String?, expires: String? = nil) throws -> EntitlementFacts {
        let purchase = PurchaseFacts(
            InAppPurchase(
                productID: "x", transactionID: "9", purchaseDate: try date("2024-01-31T12:00:00Z"),
                expiresDate: try expires.map(date)),
            TransactionFacts(storeKitType: type.map(AppStoreValue.init(rawValue:))))
        var facts = EntitlementFacts(source: .transaction, bundleID: "com.example.app", purchases: [purchase])
        facts.snapshotDate = purchase.purchaseDate
        return facts
    }

    static func decide(_ rule: String, _ facts: EntitlementFacts, at time: String) throws -> EntitlementDecision {
        let rules = RuleSet(rules: [try RuleParser.parse(rule, origin: "t")])
        // Years after the snapshot on purpose: these are about what a purchase means, not about its age.
        return try #require(rules.evaluate(facts: facts, at: try date(time), platform: nil, maximumAge: nil).first)
    }

    @Test func autoRenewableSubscriptionIsNotHeldByProduct() throws {
        let facts = try Self.facts(type: "Auto-Renewable Subscription", expires: "2024-02-29T12:00:00Z")
        let expired = try Self.decide("p: product \"x\"", facts, at: "2025-01-01T00:00:00Z")
        #expect(expired.granted == false)
        #expect(expired.reasons.first?.contains("use subscription \"x\" active") == true, "\(expired.reasons)")
        // Receipts: an expires date marks it, whatever the (undocumented) product type.
        let receipt = EntitlementFacts(
            source: .receipt,
            purchases: PurchaseFactList(records: [
                InAppPurchase(
                    productID: "x", purchaseDate: try Self.date("2024-01-31T12:00:00Z"),
                    expiresDate: try Self.date("2024-02-29T12:00:00Z"))
            ]))
        #expect(try Self.decide("p: product \"x\"", receipt, at: "2025-01-01T00:00:00Z").granted == false)
        #expect(try Self.decide("p: not product \"x\"", receipt, at: "2025-01-01T00:00:00Z").granted == false)
    }

    @Test func consumableIsUnknown() throws {
        let decision = try Self.decide(
            "p: product \"x\"", try Self.facts(type: "Consumable"), at: "2024-03-01T00:00:00Z")
        #expect(decision.granted == false)
        #expect(decision.reasons.first?.contains("is a consumable") == true)
    }

    @Test func nonRenewingSubscriptionIsHeldForItsTerm() throws {
        let facts = try Self.facts(type: "Non-Renewing Subscription")
        // One month from January 31 ends on the last day of February (2024 is a leap year).
        let inside = try Self.decide("p: product \"x\" for P1M", facts, at: "2024-02-29T11:59:59Z")
        #expect(inside.granted && inside.reasons == ["purchase of \"x\" held for P1M, until 2024-02-29T12:00:00Z"])
        let after = try Self.decide("p: product \"x\" for P1M", facts, at: "2024-02-29T12:00:00Z")
        #expect(
            !after.granted
                && after.reasons == ["the P1M term of \"x\" ended at 2024-02-29T12:00:00Z, before 2024-02-29T12:00:00Z"]
        )
        let forever = try Self.decide("p: product \"x\"", facts, at: "2030-01-01T00:00:00Z")
        #expect(forever.granted && forever.reasons.first?.contains("held forever unless a term is given") == true)
    }

    @Test func productIsNotHeldBeforeItsPurchaseBeyondTheClockSkew() throws {
        let facts = try Self.facts(type: "Non-Consumable")
        #expect(try Self.decide("p: product \"x\"", facts, at: "2024-01-31T11:55:00Z").granted)
        let before = try Self.decide("p: product \"x\"", facts, at: "2024-01-31T11:54:59Z")
        #expect(!before.granted)
        #expect(before.reasons == ["\"x\" was purchased on 2024-01-31T12:00:00Z, after 2024-01-31T11:54:59Z"])
    }

    @Test(arguments: [
        ("P1Y", 1, 0, 0, 0), ("P6M", 0, 6, 0, 0), ("P2W", 0, 0, 14, 0), ("P1Y2M3DT4H5M6S", 1, 2, 3, 14_706),
        ("PT12H", 0, 0, 0, 43_200),
    ])
    func termsParse(_ text: String, _ years: Int, _ months: Int, _ days: Int, _ seconds: Int) throws {
        let term = try #require(PurchaseTerm(text))
        #expect(term.years == years && term.months == months && term.days == days && term.seconds == seconds)
    }

    @Test(arguments: ["", "P", "1Y", "P1", "PT", "P0D", "PY", "P1H", "PT1D", "P1.5Y", "p1y", "P999999Y", "P1Y1"])
    func malformedTermsAreRefused(_ text: String) {
        #expect(PurchaseTerm(text) == nil)
        #expect(throws: RuleSet.ParseError.self) { try RuleParser.parse("p: product \"x\" for \(text)", origin: "t") }
    }

    /// Calendar arithmetic done without Foundation's calendars, which the CLI does not link.
    @Test(arguments: [
        ("2024-01-31T12:00:00Z", "P1M", "2024-02-29T12:00:00Z"),
        ("2024-02-29T00:00:00Z", "P1Y", "2025-02-28T00:00:00Z"),
        ("2023-12-31T23:00:00Z", "PT2H", "2024-01-01T01:00:00Z"),
        ("1969-12-31T00:00:00Z", "P1D", "1970-01-01T00:00:00Z"),
        ("2024-03-31T00:00:00Z", "P11M", "2025-02-28T00:00:00Z"),
        ("2000-02-28T00:00:00Z", "P2W", "2000-03-13T00:00:00Z"),
        ("1900-02-28T00:00:00Z", "P1D", "1900-03-01T00:00:00Z"),
        ("2024-05-01T00:00:01Z", "P3D", "2024-05-04T00:00:01Z"),
    ])
    func termsEndInTheGregorianCalendar(_ start: String, _ term: String, _ end: String) throws {
        let parsed = try #require(PurchaseTerm(term))
        #expect(parsed.end(from: try Self.date(start)) == (try Self.date(end)))
    }
}
