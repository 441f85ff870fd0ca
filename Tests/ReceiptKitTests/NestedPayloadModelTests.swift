import ReceiptKitTesting
import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The objects nested in signed payloads (`commitmentInfo`, `advancedCommerceInfo`, `summary`,
/// `externalPurchaseToken`) typed with Apple's models, kept as signed for reports, and read by rules.
@Suite struct NestedPayloadModelTests {
    typealias M = StoreKit2Material

    static let advancedCommerce = """
        ,"advancedCommerceInfo":{"descriptors":{"description":"Gold plan","displayName":"Gold"},"estimatedTax":100,
        "items":[{"SKU":"tier.gold","description":"d","displayName":"Gold","price":9990,
        "offer":{"period":"P1M","periodCount":2,"price":4990,"reason":"ACQUISITION"},
        "refunds":[{"refundAmount":1000,"refundDate":1795000000000,"refundReason":"LEGAL","refundType":"CUSTOM"}],
        "laterItemMember":{"a":[1]}},{"SKU":"addon.storage","price":1990,"revocationDate":1796000000000}],
        "period":"P1M","requestReferenceId":"r1","taxCode":"C003-00-1","taxExclusivePrice":11980,"taxRate":"0.08"},
        "commitmentInfo":{"billingPeriodNumber":2,"totalBillingPeriods":12,"commitmentPrice":119880,
        "commitmentExpiresDate":1830000000000}
        """

    static func transaction(_ extra: String = advancedCommerce) throws -> (ValidationReport, JWSTransaction?) {
        let report = try M.validate(try M.jws(M.transaction(extra: extra))) { $0.bundleID = M.bundleID }
        return decoded(report)
    }

    /// Signed as given, without the spec's check that it decodes.
    static func raw(_ extra: String) throws -> (ValidationReport, JWSTransaction?) {
        let payload = #"{"transactionId":"1","bundleId":"\#(M.bundleID)","signedDate":1795000000000"# + extra + "}"
        let signed = try JWSSigner.sign(Array(payload.utf8), pki: try M.pki())
        return decoded(try M.validate(signed) { $0.bundleID = M.bundleID })
    }

    static func decoded(_ report: ValidationReport) -> (ValidationReport, JWSTransaction?) {
        guard case .transaction(let decoded)? = report.jws?.payload else { return (report, nil) }
        return (report, decoded)
    }

    @Test func aTransactionsNestedObjectsAreTypedAndPrintedAsSigned() throws {
        let (report, decoded) = try Self.transaction()
        let transaction = try #require(decoded, "\(report.message ?? "")")
        let info = try #require(transaction.advancedCommerceInfo)
        #expect(info.items?.map(\.sku) == ["tier.gold", "addon.storage"])
        #expect(info.period == .known(.oneMonth) && info.taxRate == "0.08" && info.estimatedTax == 100)
        #expect(info.descriptors?.displayName == "Gold")
        let gold = try #require(info.items?.first)
        #expect(gold.offer?.period == .known(.oneMonth) && gold.offer?.reason == .known(.acquisition))
        #expect(gold.refunds?.first?.refundType == .known(.custom))
        #expect(gold.refunds?.first?.refundDate?.milliseconds == 1_795_000_000_000)
        #expect(gold.unknown == ["laterItemMember": .object(["a": .array([.integer(1)])])])
        #expect(info.items?.last?.revocationDate?.milliseconds == 1_796_000_000_000)
        #expect(transaction.commitmentInfo?.billingPeriodNumber == 2)
        #expect(transaction.commitmentInfo?.totalBillingPeriods == 12)
        // Reports print the objects as Apple signed them: milliseconds, unknown members in place.
        let written = String(decoding: try JSONEncoder().encode(transaction), as: UTF8.self)
        #expect(written.contains(#""refundDate":1795000000000"#) && written.contains(#""laterItemMember""#))
        #expect(!written.contains("unknownFields"))
    }

    @Test func aRenewalsNestedObjectsAreTyped() throws {
        let extra = """
            ,"advancedCommerceInfo":{"consistencyToken":"c1","period":"P1Y","items":[{"SKU":"tier.gold","price":9990,
            "priceIncreaseInfo":{"dependentSKUs":["addon.storage"],"price":10990,"status":"PENDING"}}]},
            "commitmentInfo":{"commitmentAutoRenewProductId":"pro.yearly","commitmentAutoRenewStatus":1,
            "commitmentRenewalBillingPlanType":"MONTHLY","commitmentRenewalDate":1830000000000,"commitmentRenewalPrice":5}
            """
        guard case .renewalInfo(let info)? = try M.validate(try M.jws(M.renewal(extra: extra))).jws?.payload else {
            Issue.record("not a renewal info")
            return
        }
        #expect(info.advancedCommerceInfo?.consistencyToken == "c1")
        #expect(info.advancedCommerceInfo?.period == .known(.oneYear))
        let increase = try #require(info.advancedCommerceInfo?.items?.first?.priceIncreaseInfo)
        #expect(increase.status == .known(.pending) && increase.dependentSKUs == ["addon.storage"])
        #expect(info.commitmentInfo?.commitmentAutoRenewStatus == .known(.on))
        #expect(info.commitmentInfo?.commitmentRenewalBillingPlanType == .known(.monthly))
    }

    @Test func aNotificationsSummaryAndTokenAreTyped() throws {
        guard case .notification(let summary)? = try M.validate(try M.jws(NotificationShapeTests.summary)).jws?.payload
        else {
            Issue.record("not a notification")
            return
        }
        #expect(summary.summary?.requestIdentifier == "efb27071-45a4-4aca-9854-2a1e9146f265")
        #expect(summary.summary?.environment == .known(.sandbox))
        let tokenJWS = try M.jws(NotificationShapeTests.externalPurchaseToken("SANDBOX_b2158121"))
        guard case .notification(let token)? = try M.validate(tokenJWS).jws?.payload else {
            Issue.record("not a notification")
            return
        }
        #expect(token.externalPurchaseToken?.externalPurchaseId == "SANDBOX_b2158121")
        #expect(token.externalPurchaseToken?.tokenCreationDate?.milliseconds == 1_698_148_950_000)
        #expect(token.externalPurchaseToken?.tokenType == nil)
        // A custom link token's members (Notifications 2.17) are named, not left unknown.
        let custom = NotificationShapeTests.externalPurchaseToken(
            "SANDBOX_c3", extra: #""tokenType":"SERVICES","tokenExpirationDate":1698235350000,"#)
        guard case .notification(let link)? = try M.validate(try M.jws(custom)).jws?.payload else {
            Issue.record("not a notification")
            return
        }
        #expect(link.externalPurchaseToken?.tokenType == "SERVICES")
        #expect(link.externalPurchaseToken?.tokenExpirationDate?.milliseconds == 1_698_235_350_000)
        #expect(link.externalPurchaseToken?.unknown.isEmpty == true)
    }

    /// A nested member of the wrong kind fails the payload as a top-level one does, naming the member.
    @Test func badNestedDataIsAClearError() throws {
        for extra in [
            #","advancedCommerceInfo":{"items":[{"SKU":7}]}"#, #","commitmentInfo":"P1Y""#,
            #","advancedCommerceInfo":{"items":[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]}"#,
            #","commitmentInfo":{"billingPeriodNumber":1.5}"#,
        ] {
            let (report, decoded) = try Self.raw(extra)
            #expect(decoded == nil && report.status != .valid, "\(extra)")
            let member = extra.contains("commitmentInfo") ? "commitmentInfo" : "advancedCommerceInfo"
            #expect(report.message?.contains("\"\(member)\"") == true, "\(report.message ?? "")")
        }
        // Unknown members are kept, within the bounds every payload has (64 KiB, 32 levels).
        let long = String(repeating: "s", count: 40_000)
        let (keeping, kept) = try Self.transaction(#","commitmentInfo":{"later":"\#(long)","deep":[[[[[[1]]]]]]}"#)
        #expect(kept?.commitmentInfo?.unknown["later"]?.stringValue?.count == long.count, "\(keeping.message ?? "")")
    }

    @Test func skuRulesReadTheItemsOfEachTransaction() throws {
        let (report, _) = try Self.transaction()
        let facts = try #require(EntitlementFacts(report: report))
        #expect(facts.purchases.first?.skus == ["tier.gold", "addon.storage"])
        #expect(facts.purchases.first?.commitmentBillingPeriod == 2)
        let rules = try RuleTestSupport.rules(
            #"gold: sku == "tier.gold""#, #"silver: sku == "tier.silver""#, #"plain: sku != "tier.gold""#,
            #"scoped: subscription "pro.monthly" active and sku == "addon.storage""#,
            "loyal: commitment_billing_period >= 2", "early: commitment_billing_period < 2")
        let time = try RuleTestSupport.date("2026-12-01T00:00:00Z")
        func decide(_ facts: EntitlementFacts) -> [String: Decision] {
            let decisions = rules.evaluate(
                facts: facts, at: time, platform: .ios, maximumAge: nil, appFacts: AppFacts())
            return Dictionary(uniqueKeysWithValues: decisions.map { ($0.name, $0.decision) })
        }
        #expect(
            decide(facts) == [
                "gold": .granted, "silver": .denied, "plain": .denied, "scoped": .granted, "loyal": .granted,
                "early": .denied,
            ])
        // An item without a SKU could be any: `!=` must not hold for it.
        let (partial, _) = try Self.transaction(#","advancedCommerceInfo":{"items":[{"SKU":"tier.gold"},{"price":1}]}"#)
        let unknown = decide(try #require(EntitlementFacts(report: partial)))
        #expect(unknown["plain"] == .unknown && unknown["gold"] == .unknown)
        // Without commitmentInfo the billing period is unknown, not below any bound.
        #expect(unknown["early"] == .unknown)
    }
}
