/// A signed renewal info payload (JWSRenewalInfoDecodedPayload).
public struct JWSRenewalInfo: Sendable, Equatable, Codable {
    /// The original purchase's identifier, the same for every renewal, restore and family-shared copy.
    public private(set) var originalTransactionId: String?
    /// The product the subscription renews into at the next renewal.
    public private(set) var autoRenewProductId: String?
    /// The product identifier of the in-app purchase, as set in App Store Connect.
    public private(set) var productId: String?
    /// Whether the subscription renews automatically: one of ``AutoRenewStatus``.
    public private(set) var autoRenewStatus: AppStoreValue<AutoRenewStatus>?
    /// Why the subscription expired: one of ``ExpirationIntent``.
    public private(set) var expirationIntent: AppStoreValue<ExpirationIntent>?
    /// When the billing grace period ends; service continues until then.
    public private(set) var gracePeriodExpiresDate: JWSDate?
    /// Whether the App Store is still trying to renew after a billing failure.
    public private(set) var isInBillingRetryPeriod: Bool?
    /// The identifier of the promotional offer, offer code or win-back offer that applied.
    public private(set) var offerIdentifier: String?
    /// The offer that applied: one of ``OfferType``.
    public private(set) var offerType: AppStoreValue<OfferType>?
    /// Whether the customer answered a price increase that needs consent: one of ``PriceIncreaseStatus``.
    public private(set) var priceIncreaseStatus: AppStoreValue<PriceIncreaseStatus>?
    /// When the App Store signed this payload: the date the data describes the world as of.
    public private(set) var signedDate: JWSDate?
    /// The server environment that signed it: one of ``AppStoreEnvironment``.
    public private(set) var environment: AppStoreValue<AppStoreEnvironment>?
    /// The start of the latest run of continuous subscription periods (gaps up to 60 days allowed).
    public private(set) var recentSubscriptionStartDate: JWSDate?
    /// When the next renewal charges, or when the subscription expires.
    public private(set) var renewalDate: JWSDate?
    /// The price of the next renewal in milliunits of the currency.
    public private(set) var renewalPrice: Int64?
    /// The ISO 4217 currency code of the price.
    public private(set) var currency: String?
    /// How an introductory offer is paid: one of ``OfferDiscountType``.
    public private(set) var offerDiscountType: AppStoreValue<OfferDiscountType>?
    /// The ISO 8601 duration of the offer (`P1M`).
    public private(set) var offerPeriod: String?
    /// The win-back offers the customer may redeem.
    public private(set) var eligibleWinBackOfferIds: [String]?
    /// The UUID the app associated with the customer's account at purchase, if it set one.
    public private(set) var appAccountToken: String?
    /// The identifier of the customer's app download, shared by their AppTransaction and transactions.
    public private(set) var appTransactionId: String?
    /// Base64 SHA-384 of the device verification nonce and the device identifier.
    public private(set) var deviceVerification: String?
    /// The UUID the app used with `deviceVerification`.
    public private(set) var deviceVerificationNonce: String?
    /// Advanced Commerce API renewals: the items that renew, at what price and period (2025).
    public private(set) var advancedCommerceInfo: SignedMember<AdvancedCommerceRenewalInfo>?
    /// The commitment term the subscription renews into (2026).
    public private(set) var commitmentInfo: SignedMember<RenewalCommitmentInfo>?
    /// The billing plan the next renewal uses (2026): one of ``BillingPlanType``.
    public private(set) var renewalBillingPlanType: AppStoreValue<BillingPlanType>?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension JWSRenewalInfo: MemberFieldModel {
    /// Reads the payload as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension JWSRenewalInfo: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<JWSRenewalInfo>] = [
        .signedMember("advancedCommerceInfo", { $0.advancedCommerceInfo }, { $0.advancedCommerceInfo = $1 }),
        .string("appAccountToken", { $0.appAccountToken }, { $0.appAccountToken = $1 }),
        .string("appTransactionId", { $0.appTransactionId }, { $0.appTransactionId = $1 }),
        .string("autoRenewProductId", { $0.autoRenewProductId }, { $0.autoRenewProductId = $1 }).kindMarker(),
        .enumeration("autoRenewStatus", { $0.autoRenewStatus }, { $0.autoRenewStatus = $1 }).kindMarker(),
        .signedMember("commitmentInfo", { $0.commitmentInfo }, { $0.commitmentInfo = $1 }),
        .string("currency", { $0.currency }, { $0.currency = $1 }),
        .string("deviceVerification", { $0.deviceVerification }, { $0.deviceVerification = $1 }),
        .string("deviceVerificationNonce", { $0.deviceVerificationNonce }, { $0.deviceVerificationNonce = $1 }),
        .strings("eligibleWinBackOfferIds", { $0.eligibleWinBackOfferIds }, { $0.eligibleWinBackOfferIds = $1 }),
        .enumeration("environment", { $0.environment }, { $0.environment = $1 }),
        .enumeration("expirationIntent", { $0.expirationIntent }, { $0.expirationIntent = $1 }),
        .date("gracePeriodExpiresDate", { $0.gracePeriodExpiresDate }, { $0.gracePeriodExpiresDate = $1 }),
        .bool("isInBillingRetryPeriod", { $0.isInBillingRetryPeriod }, { $0.isInBillingRetryPeriod = $1 }),
        .enumeration("offerDiscountType", { $0.offerDiscountType }, { $0.offerDiscountType = $1 }),
        .string("offerIdentifier", { $0.offerIdentifier }, { $0.offerIdentifier = $1 }),
        .string("offerPeriod", { $0.offerPeriod }, { $0.offerPeriod = $1 }),
        .enumeration("offerType", { $0.offerType }, { $0.offerType = $1 }),
        .string("originalTransactionId", { $0.originalTransactionId }, { $0.originalTransactionId = $1 }),
        .enumeration("priceIncreaseStatus", { $0.priceIncreaseStatus }, { $0.priceIncreaseStatus = $1 }),
        .string("productId", { $0.productId }, { $0.productId = $1 }),
        .date(
            "recentSubscriptionStartDate", { $0.recentSubscriptionStartDate }, { $0.recentSubscriptionStartDate = $1 }),
        .enumeration("renewalBillingPlanType", { $0.renewalBillingPlanType }, { $0.renewalBillingPlanType = $1 }),
        .date("renewalDate", { $0.renewalDate }, { $0.renewalDate = $1 }),
        .integer("renewalPrice", { $0.renewalPrice }, { $0.renewalPrice = $1 }),
        .date("signedDate", { $0.signedDate }, { $0.signedDate = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
