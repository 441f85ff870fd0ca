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
    /// Members not listed above, as they came.
    public let unknown: [String: JSONValue]

    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    init(json: JSONValue) throws(JSONTypeError) {
        var reader = try JSONFieldReader(json)
        originalTransactionId = try reader.value("originalTransactionId")
        autoRenewProductId = try reader.value("autoRenewProductId")
        productId = try reader.value("productId")
        autoRenewStatus = try reader.value("autoRenewStatus")
        expirationIntent = try reader.value("expirationIntent")
        gracePeriodExpiresDate = try reader.value("gracePeriodExpiresDate")
        isInBillingRetryPeriod = try reader.value("isInBillingRetryPeriod")
        offerIdentifier = try reader.value("offerIdentifier")
        offerType = try reader.value("offerType")
        priceIncreaseStatus = try reader.value("priceIncreaseStatus")
        signedDate = try reader.value("signedDate")
        environment = try reader.value("environment")
        recentSubscriptionStartDate = try reader.value("recentSubscriptionStartDate")
        renewalDate = try reader.value("renewalDate")
        renewalPrice = try reader.value("renewalPrice")
        currency = try reader.value("currency")
        offerDiscountType = try reader.value("offerDiscountType")
        offerPeriod = try reader.value("offerPeriod")
        eligibleWinBackOfferIds = try reader.value("eligibleWinBackOfferIds")
        appAccountToken = try reader.value("appAccountToken")
        appTransactionId = try reader.value("appTransactionId")
        deviceVerification = try reader.value("deviceVerification")
        deviceVerificationNonce = try reader.value("deviceVerificationNonce")
        advancedCommerceInfo = try reader.value("advancedCommerceInfo")
        commitmentInfo = try reader.value("commitmentInfo")
        renewalBillingPlanType = try reader.value("renewalBillingPlanType")
        unknown = reader.unknown()
    }

    public func encode(to encoder: any Encoder) throws {
        var writer = JSONFieldWriter(encoder)
        try writer.put(originalTransactionId, "originalTransactionId")
        try writer.put(autoRenewProductId, "autoRenewProductId")
        try writer.put(productId, "productId")
        try writer.put(autoRenewStatus, "autoRenewStatus")
        try writer.put(expirationIntent, "expirationIntent")
        try writer.put(gracePeriodExpiresDate, "gracePeriodExpiresDate")
        try writer.put(isInBillingRetryPeriod, "isInBillingRetryPeriod")
        try writer.put(offerIdentifier, "offerIdentifier")
        try writer.put(offerType, "offerType")
        try writer.put(priceIncreaseStatus, "priceIncreaseStatus")
        try writer.put(signedDate, "signedDate")
        try writer.put(environment, "environment")
        try writer.put(recentSubscriptionStartDate, "recentSubscriptionStartDate")
        try writer.put(renewalDate, "renewalDate")
        try writer.put(renewalPrice, "renewalPrice")
        try writer.put(currency, "currency")
        try writer.put(offerDiscountType, "offerDiscountType")
        try writer.put(offerPeriod, "offerPeriod")
        try writer.put(eligibleWinBackOfferIds, "eligibleWinBackOfferIds")
        try writer.put(appAccountToken, "appAccountToken")
        try writer.put(appTransactionId, "appTransactionId")
        try writer.put(deviceVerification, "deviceVerification")
        try writer.put(deviceVerificationNonce, "deviceVerificationNonce")
        try writer.put(advancedCommerceInfo, "advancedCommerceInfo")
        try writer.put(commitmentInfo, "commitmentInfo")
        try writer.put(renewalBillingPlanType, "renewalBillingPlanType")
        try writer.unknown(unknown)
    }
}

extension JWSRenewalInfo: JSONConvertible {}
