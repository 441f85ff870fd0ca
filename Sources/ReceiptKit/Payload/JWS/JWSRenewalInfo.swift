/// A signed renewal info payload (JWSRenewalInfoDecodedPayload).
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
public struct JWSRenewalInfo: Sendable, Equatable, Codable {
    /// The identifier of the original purchase: the same for every renewal, restore and family-shared copy of
    /// it.
    public let originalTransactionId: String?
    /// The product the subscription renews into at the next renewal.
    public let autoRenewProductId: String?
    /// The product identifier of the in-app purchase, as set in App Store Connect.
    public let productId: String?
    /// 1 when the subscription renews automatically, 0 when the customer turned renewal off.
    public let autoRenewStatus: AutoRenewStatus?
    /// Why the subscription expired: 1 cancelled, 2 billing error, 3 price increase declined, 4 product
    /// unavailable, 5 other.
    public let expirationIntent: ExpirationIntent?
    /// When the billing grace period ends; service continues until then.
    public let gracePeriodExpiresDate: JWSDate?
    /// Whether the App Store is still trying to renew after a billing failure.
    public let isInBillingRetryPeriod: Bool?
    /// The identifier of the promotional offer, offer code or win-back offer that applied.
    public let offerIdentifier: String?
    /// The offer that applied: 1 introductory, 2 promotional, 3 offer code, 4 win-back.
    public let offerType: OfferType?
    /// 0 when the customer has not answered a price increase that needs consent, 1 when they agreed or were
    /// notified.
    public let priceIncreaseStatus: PriceIncreaseStatus?
    /// When the App Store signed this payload: the date the data describes the world as of.
    public let signedDate: JWSDate?
    /// `Production`, `Sandbox` or `Xcode`: the server environment that signed it.
    public let environment: AppStoreEnvironment?
    /// The start of the latest run of continuous subscription periods (gaps up to 60 days allowed).
    public let recentSubscriptionStartDate: JWSDate?
    /// When the next renewal charges, or when the subscription expires.
    public let renewalDate: JWSDate?
    /// The price of the next renewal in milliunits of the currency.
    public let renewalPrice: Int64?
    /// The ISO 4217 currency code of the price.
    public let currency: String?
    /// How an introductory offer is paid: `FREE_TRIAL`, `PAY_AS_YOU_GO` or `PAY_UP_FRONT`.
    public let offerDiscountType: OfferDiscountType?
    /// The ISO 8601 duration of the offer (`P1M`).
    public let offerPeriod: String?
    /// The win-back offers the customer may redeem.
    public let eligibleWinBackOfferIds: [String]?
    /// The UUID the app associated with the customer's account at purchase, if it set one.
    public let appAccountToken: String?
    /// The identifier of the customer's app download, shared by their AppTransaction and transactions.
    public let appTransactionId: String?
    /// Base64 SHA-384 of the device verification nonce and the device identifier, to tie the data to a
    /// device.
    public let deviceVerification: String?
    /// The UUID the app used with `deviceVerification`.
    public let deviceVerificationNonce: String?
    /// Advanced Commerce API renewals: what renews and at what price (2025), kept as Apple wrote them.
    public let advancedCommerceInfo: JSONValue?
    /// The commitment term the subscription renews into (2026), kept as Apple wrote it.
    public let commitmentInfo: JSONValue?
    /// The billing plan the next renewal uses (`BILLED_UPFRONT`, `MONTHLY`; 2026).
    public let renewalBillingPlanType: BillingPlanType?
    /// Members not listed above, as they came: filled where ReceiptKit decodes the payload (a report
    /// from the validator), left empty by other decoders such as `JSONDecoder`.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
    /// with the members this type does not name.
    private let unknownFields: [String: JSONValue]?
}

extension JWSRenewalInfo: JSONConvertible {}

extension JWSRenewalInfo: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<JWSRenewalInfo>] = [
        .json("advancedCommerceInfo") { $0.advancedCommerceInfo },
        .string("appAccountToken") { $0.appAccountToken },
        .string("appTransactionId") { $0.appTransactionId },
        .string("autoRenewProductId") { $0.autoRenewProductId },
        .integer("autoRenewStatus") { $0.autoRenewStatus?.rawValue },
        .json("commitmentInfo") { $0.commitmentInfo },
        .string("currency") { $0.currency },
        .string("deviceVerification") { $0.deviceVerification },
        .string("deviceVerificationNonce") { $0.deviceVerificationNonce },
        .strings("eligibleWinBackOfferIds") { $0.eligibleWinBackOfferIds },
        .string("environment") { $0.environment?.rawValue },
        .integer("expirationIntent") { $0.expirationIntent?.rawValue },
        .date("gracePeriodExpiresDate") { $0.gracePeriodExpiresDate },
        .bool("isInBillingRetryPeriod") { $0.isInBillingRetryPeriod },
        .string("offerDiscountType") { $0.offerDiscountType?.rawValue },
        .string("offerIdentifier") { $0.offerIdentifier },
        .string("offerPeriod") { $0.offerPeriod },
        .integer("offerType") { $0.offerType?.rawValue },
        .string("originalTransactionId") { $0.originalTransactionId },
        .integer("priceIncreaseStatus") { $0.priceIncreaseStatus?.rawValue },
        .string("productId") { $0.productId },
        .date("recentSubscriptionStartDate") { $0.recentSubscriptionStartDate },
        .string("renewalBillingPlanType") { $0.renewalBillingPlanType?.rawValue },
        .date("renewalDate") { $0.renewalDate },
        .integer("renewalPrice") { $0.renewalPrice },
        .date("signedDate") { $0.signedDate },
        .members("unknownFields") { $0.unknownFields },
    ]
}
