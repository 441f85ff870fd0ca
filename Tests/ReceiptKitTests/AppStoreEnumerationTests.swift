import Foundation
import Testing

@testable import ReceiptKit

/// The StoreKit 2 enumerations: every value Apple documents decodes to its case, any other value is kept
/// as it came and written back byte for byte, and a value of the wrong JSON type is the error it always was.
@Suite struct AppStoreEnumerationTests {
    /// Each documented raw value reads as its case, which writes it back; every case is listed once.
    static func checkDocumented<E: AppStoreEnumeration>(_ type: E.Type, _ raws: [E.RawValue]) throws {
        #expect(E.allCases.map(\.rawValue) == raws, "\(E.self): the documented values")
        for (known, raw) in zip(E.allCases, raws) {
            let value = AppStoreValue<E>(rawValue: raw)
            #expect(value == .known(known) && value.known == known, "\(E.self) \(raw)")
            #expect(value.rawValue == raw && value.description == "\(raw)")
            let json = try JSONDecoder().decode(AppStoreValue<E>.self, from: JSONEncoder().encode(raw))
            #expect(json == value, "\(E.self) \(raw) through JSONDecoder")
            #expect(try JSONEncoder().encode(value) == JSONEncoder().encode(raw))
        }
    }

    /// An unknown raw value is `other`, and goes out as it came.
    static func checkUnknown<E: AppStoreEnumeration>(_ type: E.Type, _ raw: E.RawValue) throws {
        let value = AppStoreValue<E>(rawValue: raw)
        #expect(value == .other(raw) && value.known == nil)
        #expect(value.rawValue == raw && value.description == "\(raw)")
        #expect(try JSONEncoder().encode(value) == JSONEncoder().encode(raw))
        #expect(try JSONDecoder().decode(AppStoreValue<E>.self, from: JSONEncoder().encode(raw)) == value)
    }

    @Test func stringEnumerationsDecodeEveryDocumentedValue() throws {
        try Self.checkDocumented(
            TransactionType.self,
            ["Auto-Renewable Subscription", "Non-Consumable", "Consumable", "Non-Renewing Subscription"])
        try Self.checkDocumented(InAppOwnershipType.self, ["FAMILY_SHARED", "PURCHASED"])
        try Self.checkDocumented(AppStoreEnvironment.self, ["Sandbox", "Production", "Xcode", "LocalTesting"])
        try Self.checkDocumented(RevocationType.self, ["REFUND_FULL", "REFUND_PRORATED", "FAMILY_REVOKE"])
        try Self.checkDocumented(TransactionReason.self, ["PURCHASE", "RENEWAL"])
        try Self.checkDocumented(OfferDiscountType.self, ["FREE_TRIAL", "PAY_AS_YOU_GO", "PAY_UP_FRONT", "ONE_TIME"])
        try Self.checkDocumented(BillingPlanType.self, ["BILLED_UPFRONT", "MONTHLY"])
        try Self.checkDocumented(PurchasePlatform.self, ["iOS", "macOS", "tvOS", "visionOS"])
        try Self.checkDocumented(
            NotificationPayload.ConsumptionRequestReason.self,
            ["UNINTENDED_PURCHASE", "FULFILLMENT_ISSUE", "UNSATISFIED_WITH_PURCHASE", "LEGAL", "OTHER"])
        try Self.checkDocumented(
            NotificationPayload.NotificationType.self,
            [
                "CONSUMPTION_REQUEST", "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_STATUS", "DID_FAIL_TO_RENEW",
                "DID_RENEW", "EXPIRED", "EXTERNAL_PURCHASE_TOKEN", "GRACE_PERIOD_EXPIRED", "METADATA_UPDATE",
                "MIGRATION", "OFFER_REDEEMED", "ONE_TIME_CHARGE", "PRICE_CHANGE", "PRICE_INCREASE", "REFUND",
                "REFUND_DECLINED", "REFUND_REVERSED", "RENEWAL_EXTENDED", "RENEWAL_EXTENSION", "RESCIND_CONSENT",
                "REVOKE", "SUBSCRIBED", "TEST",
            ])
        try Self.checkDocumented(
            NotificationPayload.Subtype.self,
            [
                "ACCEPTED", "ACTIVE_TOKEN_REMINDER", "AUTO_RENEW_DISABLED", "AUTO_RENEW_ENABLED", "BILLING_RECOVERY",
                "BILLING_RETRY", "CREATED", "DOWNGRADE", "FAILURE", "GRACE_PERIOD", "INITIAL_BUY", "PENDING",
                "PRICE_INCREASE", "PRODUCT_NOT_FOR_SALE", "RESUBSCRIBE", "SUMMARY", "UNREPORTED", "UPGRADE",
                "VOLUNTARY",
            ])
    }

    @Test func integerEnumerationsDecodeEveryDocumentedValue() throws {
        try Self.checkDocumented(OfferType.self, [1, 2, 3, 4])
        try Self.checkDocumented(RevocationReason.self, [0, 1])
        try Self.checkDocumented(AutoRenewStatus.self, [0, 1])
        try Self.checkDocumented(ExpirationIntent.self, [1, 2, 3, 4, 5])
        try Self.checkDocumented(PriceIncreaseStatus.self, [0, 1])
        try Self.checkDocumented(NotificationPayload.SubscriptionState.self, [1, 2, 3, 4, 5])
    }

    @Test func unknownValuesRoundTripAsTheyCame() throws {
        try Self.checkUnknown(TransactionType.self, "Subscription Bundle")
        try Self.checkUnknown(InAppOwnershipType.self, "purchased")
        try Self.checkUnknown(AppStoreEnvironment.self, "ProductionVPP")
        try Self.checkUnknown(RevocationType.self, "ASSIGNMENT_REVOKE")
        try Self.checkUnknown(TransactionReason.self, "")
        try Self.checkUnknown(OfferDiscountType.self, "FREE_TRIAL ")
        try Self.checkUnknown(BillingPlanType.self, "QUARTERLY")
        try Self.checkUnknown(PurchasePlatform.self, "watchOS")
        try Self.checkUnknown(NotificationPayload.NotificationType.self, "NEW_IN_2027")
        try Self.checkUnknown(NotificationPayload.Subtype.self, "initial_buy")
        try Self.checkUnknown(NotificationPayload.SubscriptionState.self, 6)
        try Self.checkUnknown(NotificationPayload.ConsumptionRequestReason.self, "CHANGED_MIND")
        try Self.checkUnknown(OfferType.self, 5)
        try Self.checkUnknown(RevocationReason.self, -1)
        try Self.checkUnknown(AutoRenewStatus.self, 2)
        try Self.checkUnknown(ExpirationIntent.self, 0)
        try Self.checkUnknown(PriceIncreaseStatus.self, Int64.max)
    }

    @Test func notificationsNameUnknownTypesAndSubtypes() throws {
        let text = #"{"notificationType":"SUBSCRIBED","subtype":"SOMETHING_NEW"}"#
        let notification = try NotificationPayload(
            json: try JSONText.parse(Array(text.utf8), what: "a payload", reason: .malformed))
        #expect(notification.notificationType == .known(.subscribed) && notification.subtype == .other("SOMETHING_NEW"))
        #expect(
            NotificationPayload.NotificationType.describe(
                type: notification.notificationType, subtype: notification.subtype)
                == "SUBSCRIBED / SOMETHING_NEW (a subtype this version does not know)")
        #expect(NotificationPayload.NotificationType.types.count == 23)
        #expect(NotificationPayload.NotificationType.subtypes.contains("INITIAL_BUY"))
    }

    /// Swift's `==` takes the Kelvin sign for K: a documented case is matched by the same bytes only, so the
    /// value is written back as signed, not as the documented spelling.
    @Test func aCanonicallyEquivalentSpellingIsNotTheDocumentedValue() throws {
        let kelvin = "FAMILY_REVO\u{212A}E"
        #expect(kelvin == "FAMILY_REVOKE")
        #expect(AppStoreValue<RevocationType>(rawValue: kelvin) == .other(kelvin))
        #expect(Array(AppStoreValue<RevocationType>(rawValue: kelvin).rawValue.utf8) == Array(kelvin.utf8))
    }

    /// In a payload: unknown values kept and reported as they came, by the hand writer and `JSONEncoder`
    /// alike; a number where a string belongs is still the error naming the member.
    @Test func aPayloadKeepsUnknownValuesAndRefusesWrongTypes() throws {
        let text = """
            {"transactionId":"1","type":"Subscription Bundle","inAppOwnershipType":"FAMILY_SHARED",
            "environment":"Staging","offerType":7,"offerDiscountType":"FREE_TRIAL","revocationReason":1,
            "revocationType":"REFUND_FULL","transactionReason":"RENEWAL","billingPlanType":"MONTHLY"}
            """
        let json = try JSONText.parse(Array(text.utf8), what: "a payload", reason: .malformed)
        let transaction = try JWSTransaction(json: json)
        #expect(transaction.type == .other("Subscription Bundle"))
        #expect(transaction.inAppOwnershipType == .known(.familyShared) && transaction.environment == .other("Staging"))
        #expect(transaction.offerType == .other(7) && transaction.offerDiscountType?.known == .freeTrial)
        #expect(
            transaction.revocationReason?.known == .refundedDueToIssue
                && transaction.revocationType?.known == .refundFull)
        #expect(transaction.transactionReason?.known == .renewal && transaction.billingPlanType?.known == .monthly)
        var writer = CompactJSONWriter()
        try writer.object(transaction)
        let written = String(decoding: writer.out, as: UTF8.self)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(written == String(decoding: try encoder.encode(transaction), as: UTF8.self))
        #expect(written.contains(#""type":"Subscription Bundle""#) && written.contains(#""offerType":7"#))
        #expect(written.contains(#""environment":"Staging""#) && written.contains(#""revocationReason":1,"#))

        let wrong = try JSONText.parse(Array(#"{"type":5}"#.utf8), what: "a payload", reason: .malformed)
        #expect(throws: JSONTypeError.self) { try JWSTransaction(json: wrong) }
        do {
            _ = try JWSTransaction(json: wrong)
        } catch {
            #expect(error.description == #"the member "type" is not a string"#)
        }
        let fraction = try JSONText.parse(Array(#"{"offerType":1.5}"#.utf8), what: "a payload", reason: .malformed)
        #expect(throws: JSONTypeError.self) { try JWSTransaction(json: fraction) }
    }

    /// Rules read the cases: a free trial, an introductory and a promotional offer, the product kind.
    @Test func factsReadTheCases() throws {
        let trial = EntitlementFacts.purchase(
            try transactionWith(#""offerType":1,"offerDiscountType":"FREE_TRIAL","type":"Non-Renewing Subscription""#))
        #expect(trial.isTrialPeriod == true && trial.isInIntroOfferPeriod == false && trial.kind == .nonRenewing)
        let intro = EntitlementFacts.purchase(try transactionWith(#""offerType":1,"offerDiscountType":"PAY_UP_FRONT""#))
        #expect(intro.isTrialPeriod == false && intro.isInIntroOfferPeriod == true)
        let promotional = EntitlementFacts.purchase(try transactionWith(#""offerType":2,"offerIdentifier":"p1""#))
        #expect(promotional.promotionalOfferID == "p1")
        let unknown = EntitlementFacts.purchase(try transactionWith(#""type":"Consumable ""#))
        #expect(unknown.kind == .unknown && unknown.storeKitType == .other("Consumable "))
        #expect(Platform(originalPlatform: AppStoreValue<PurchasePlatform>.known(.visionOS)) == .ios)
        #expect(Platform(originalPlatform: AppStoreValue<PurchasePlatform>(rawValue: "watchOS")) == .ios)
        #expect(Platform(originalPlatform: AppStoreValue<PurchasePlatform>.known(.macOS)) == .macos)
        #expect(Platform(originalPlatform: AppStoreValue<PurchasePlatform>(rawValue: "MACOS")) == nil)
        #expect(ReceiptEnvironment(storeKit: AppStoreValue<AppStoreEnvironment>.known(.localTesting)) == .xcode)
        #expect(
            ReceiptEnvironment(storeKit: AppStoreValue<AppStoreEnvironment>(rawValue: "ProductionVPP")) == .production)
        #expect(ReceiptEnvironment(storeKit: AppStoreValue<AppStoreEnvironment>?.none) == .unknown)
    }

    private func transactionWith(_ members: String) throws -> JWSTransaction {
        let text = #"{"transactionId":"1","# + members + "}"
        return try JWSTransaction(json: try JSONText.parse(Array(text.utf8), what: "a payload", reason: .malformed))
    }
}
