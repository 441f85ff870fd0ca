import Foundation
import Testing

@testable import ReceiptKit

/// The whole subscription state StoreKit 2 signs: the billing grace period from renewal info, and
/// subscription groups, so a crossgrade within the group keeps the customer entitled.
@Suite struct SubscriptionStateTests {
    static func date(_ text: String) throws -> Date { try #require(try RFC3339.parse(text)) }

    static func decide(_ rules: String, _ facts: EntitlementFacts, at time: String) throws -> [EntitlementDecision] {
        try RuleSet.parse(file: rules, name: "t").evaluate(facts: facts, at: try date(time), platform: nil)
    }

    /// A notification (DID_FAIL_TO_RENEW, subtype GRACE_PERIOD) carrying the lapsed transaction and its
    /// renewal info, each signed, verified whole.
    static func gracePeriodNotification() throws -> EntitlementFacts {
        let pki = try JWSSigningTests.ecPKI.get()
        let transaction = try JWSConformanceTests.sign(
            """
            {"transactionId":"12","originalTransactionId":"10","bundleId":"com.example.app","productId":"pro.month",
            "subscriptionGroupIdentifier":"21000000","purchaseDate":1714521600000,"expiresDate":1717200000000,
            "type":"Auto-Renewable Subscription","environment":"Production","signedDate":1717200000000}
            """, pki)
        let renewal = try JWSConformanceTests.sign(
            """
            {"originalTransactionId":"10","productId":"pro.month","autoRenewProductId":"pro.month","autoRenewStatus":1,
            "isInBillingRetryPeriod":true,"gracePeriodExpiresDate":1717804800000,"environment":"Production",
            "signedDate":1717200000000}
            """, pki)
        let notification = """
            {"notificationType":"DID_FAIL_TO_RENEW","subtype":"GRACE_PERIOD","notificationUUID":"u","version":"2.0",
            "signedDate":1717200000000,"data":{"bundleId":"com.example.app","environment":"Production",
            "signedTransactionInfo":"\(String(decoding: transaction, as: UTF8.self))",
            "signedRenewalInfo":"\(String(decoding: renewal, as: UTF8.self))"}}
            """
        let report = try JWSConformanceTests.validate(try JWSConformanceTests.sign(notification, pki), pki)
        #expect(report.status == .valid, "\(report.message ?? "")")
        return try #require(EntitlementFacts(report: report))
    }

    @Test func billingGracePeriodKeepsTheSubscriptionActive() throws {
        let facts = try Self.gracePeriodNotification()
        #expect(facts.renewals.first?.gracePeriodExpires == (try Self.date("2024-06-08T00:00:00Z")))
        let rules = "pro: subscription \"pro.month\" active\ngrace: subscription \"pro.month\" in_grace"
        // Expired on 2024-06-01, in grace until 2024-06-08 (the notification was signed on 06-01).
        let inGrace = try Self.decide(rules, facts, at: "2024-06-02T00:00:00Z")
        #expect(inGrace.map(\.granted) == [true, true])
        #expect(inGrace.first?.reasons.first?.contains("billing grace period until 2024-06-08T00:00:00Z") == true)
        let active = try Self.decide(rules, facts, at: "2024-05-31T00:00:00Z")
        #expect(active.map(\.granted) == [true, false])
        let after = try RuleSet.parse(file: rules, name: "t").evaluate(
            facts: facts, at: try Self.date("2024-06-09T00:00:00Z"), platform: nil, maximumAge: nil)
        #expect(after.map(\.granted) == [false, false])
    }

    @Test func billingRetryWithoutGraceIsNotActive() throws {
        var facts = try Self.gracePeriodNotification()
        facts.renewals = facts.renewals.map {
            RenewalState(productID: $0.productID, gracePeriodExpires: nil, isInBillingRetry: true)
        }
        #expect(
            try Self.decide("pro: subscription \"pro.month\" active", facts, at: "2024-06-02T00:00:00Z").first?.granted
                == false)
    }

    @Test func subscriptionGroupIsActiveAcrossProducts() throws {
        var facts = try Self.gracePeriodNotification()
        facts.renewals = []
        facts.purchases.append(contentsOf: [
            PurchaseFacts(
                InAppPurchase(
                    productID: "pro.year", purchaseDate: try Self.date("2024-06-01T00:00:00Z"),
                    expiresDate: try Self.date("2025-06-01T00:00:00Z")),
                TransactionFacts(storeKitType: .known(.autoRenewable), subscriptionGroupID: "21000000"))
        ])
        let rules = "pro: subscription group \"21000000\" active\nother: subscription group \"9\" active"
        let decisions = try Self.decide(rules, facts, at: "2024-06-02T00:00:00Z")
        #expect(decisions.map(\.granted) == [true, false])
        #expect(
            decisions.first?.reasons.first?.hasPrefix("group \"21000000\": subscription \"pro.year\" active") == true)
        #expect(decisions.last?.reasons == ["no subscription of group \"9\" in the notification"])
    }

    @Test(arguments: ["p: subscription group active", "p: subscription group \"g\"", "p: subscription \"x\" in grace"])
    func malformedSubscriptionTermsAreRefused(_ text: String) {
        #expect(throws: RuleSet.ParseError.self) { try RuleParser.parse(text, origin: "t") }
    }

    /// Receipts keep a free trial and a paid introductory offer apart; transactions map the same way.
    @Test(arguments: [
        ("\"offerType\":1,\"offerDiscountType\":\"FREE_TRIAL\"", true, false),
        ("\"offerType\":1,\"offerDiscountType\":\"PAY_AS_YOU_GO\"", false, true),
        ("\"offerType\":1,\"offerPeriod\":\"P1M\"", false, true), ("\"offerType\":2", false, false),
    ])
    func trialsAndIntroductoryOffersStayApart(_ members: String, _ trial: Bool, _ intro: Bool) throws {
        let json = try JSONParser.parse(Array("{\"productId\":\"p\",\(members)}".utf8))
        let purchase = EntitlementFacts.purchase(try JWSTransaction(json: json))
        #expect(purchase.isTrialPeriod == trial && purchase.isInIntroOfferPeriod == intro)
    }

    /// A Family Sharing revocation is reported as such, not as a refund; a prorated refund says its share.
    @Test(arguments: [
        ("\"revocationType\":\"FAMILY_REVOKE\"", "revoked from Family Sharing"),
        ("\"revocationType\":\"REFUND_PRORATED\",\"revocationPercentage\":67932", "refunded in part (67.932%)"),
        ("\"revocationType\":\"REFUND_FULL\"", "refunded"),
    ])
    func revocationsSayHowTheyHappened(_ members: String, _ wording: String) throws {
        let pki = try JWSSigningTests.ecPKI.get()
        let payload = """
            {"transactionId":"5","bundleId":"com.example.app","productId":"lifetime","type":"Non-Consumable",
            "purchaseDate":1714521600000,"revocationDate":1714608000000,\(members),
            "inAppOwnershipType":"FAMILY_SHARED","environment":"Production","signedDate":1714608000000}
            """
        let report = try JWSConformanceTests.validate(try JWSConformanceTests.sign(payload, pki), pki)
        let facts = try #require(EntitlementFacts(report: report))
        let decisions = try Self.decide(
            "owned: product \"lifetime\"\nshared: ownership == family_shared\nbought: ownership == purchased", facts,
            at: "2024-05-02T12:00:00Z")
        #expect(decisions.map(\.granted) == [false, true, false])
        #expect(
            decisions.first?.reasons == [
                "every purchase of \"lifetime\" was \(wording) (cancelled 2024-05-02T00:00:00Z)"
            ])
    }

    @Test func ownershipIsUnknownWithoutATransaction() throws {
        let facts = EntitlementFacts(source: .receipt, bundleID: "com.example.app", environment: .production)
        let decision = try Self.decide("shared: not (ownership == family_shared)", facts, at: "2024-05-02T12:00:00Z")
        #expect(decision.first?.granted == false)
        #expect(throws: RuleSet.ParseError.self) { try RuleParser.parse("o: ownership == shared", origin: "t") }
        #expect(throws: RuleSet.ParseError.self) { try RuleParser.parse("o: ownership < purchased", origin: "t") }
    }
}
