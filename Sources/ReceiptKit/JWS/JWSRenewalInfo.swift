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
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
    /// with the members this type does not name.
    private let unknownFields: [String: JSONValue]?
}

extension JWSRenewalInfo: JSONConvertible {}
