/// A signed renewal info payload (JWSRenewalInfoDecodedPayload).
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
public struct JWSRenewalInfo: Sendable, Equatable, Codable {
    public let originalTransactionId: String?
    public let autoRenewProductId: String?
    public let productId: String?
    public let autoRenewStatus: Int64?
    public let expirationIntent: Int64?
    public let gracePeriodExpiresDate: JWSDate?
    public let isInBillingRetryPeriod: Bool?
    public let offerIdentifier: String?
    public let offerType: Int64?
    public let priceIncreaseStatus: Int64?
    public let signedDate: JWSDate?
    public let environment: String?
    public let recentSubscriptionStartDate: JWSDate?
    public let renewalDate: JWSDate?
    public let renewalPrice: Int64?
    public let currency: String?
    public let offerDiscountType: String?
    public let offerPeriod: String?
    public let eligibleWinBackOfferIds: [String]?
    public let appAccountToken: String?
    public let appTransactionId: String?
    public let deviceVerification: String?
    public let deviceVerificationNonce: String?
    /// Advanced Commerce API renewals: what renews and at what price (2025), kept as Apple wrote them.
    public let advancedCommerceInfo: JSONValue?
    /// The commitment term the subscription renews into (2026), kept as Apple wrote it.
    public let commitmentInfo: JSONValue?
    /// The billing plan the next renewal uses (`BILLED_UPFRONT`, `MONTHLY`; 2026).
    public let renewalBillingPlanType: String?
    /// Members not listed above, as they came: filled where ReceiptKit decodes the payload (a report
    /// from the validator), left empty by other decoders such as `JSONDecoder`.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
    /// with the members this type does not name.
    private let unknownFields: [String: JSONValue]?
}

extension JWSRenewalInfo: JSONConvertible {}

extension JWSRenewalInfo: JWSJSONObject {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    static let jsonMembers: [JWSJSONMember<JWSRenewalInfo>] = [
        JWSJSONMember("advancedCommerceInfo") { .json($0.advancedCommerceInfo) },
        JWSJSONMember("appAccountToken") { .string($0.appAccountToken) },
        JWSJSONMember("appTransactionId") { .string($0.appTransactionId) },
        JWSJSONMember("autoRenewProductId") { .string($0.autoRenewProductId) },
        JWSJSONMember("autoRenewStatus") { .integer($0.autoRenewStatus) },
        JWSJSONMember("commitmentInfo") { .json($0.commitmentInfo) },
        JWSJSONMember("currency") { .string($0.currency) },
        JWSJSONMember("deviceVerification") { .string($0.deviceVerification) },
        JWSJSONMember("deviceVerificationNonce") { .string($0.deviceVerificationNonce) },
        JWSJSONMember("eligibleWinBackOfferIds") { .strings($0.eligibleWinBackOfferIds) },
        JWSJSONMember("environment") { .string($0.environment) },
        JWSJSONMember("expirationIntent") { .integer($0.expirationIntent) },
        JWSJSONMember("gracePeriodExpiresDate") { .date($0.gracePeriodExpiresDate) },
        JWSJSONMember("isInBillingRetryPeriod") { .bool($0.isInBillingRetryPeriod) },
        JWSJSONMember("offerDiscountType") { .string($0.offerDiscountType) },
        JWSJSONMember("offerIdentifier") { .string($0.offerIdentifier) },
        JWSJSONMember("offerPeriod") { .string($0.offerPeriod) },
        JWSJSONMember("offerType") { .integer($0.offerType) },
        JWSJSONMember("originalTransactionId") { .string($0.originalTransactionId) },
        JWSJSONMember("priceIncreaseStatus") { .integer($0.priceIncreaseStatus) },
        JWSJSONMember("productId") { .string($0.productId) },
        JWSJSONMember("recentSubscriptionStartDate") { .date($0.recentSubscriptionStartDate) },
        JWSJSONMember("renewalBillingPlanType") { .string($0.renewalBillingPlanType) },
        JWSJSONMember("renewalDate") { .date($0.renewalDate) },
        JWSJSONMember("renewalPrice") { .integer($0.renewalPrice) },
        JWSJSONMember("signedDate") { .date($0.signedDate) },
        JWSJSONMember("unknownFields") { .members($0.unknownFields) },
    ]
}
