/// A signed transaction payload (JWSTransactionDecodedPayload).
public struct JWSTransaction: Sendable, Equatable, Codable {
    /// The transaction's unique identifier (Apple's `transactionId`).
    public private(set) var transactionId: String?
    /// The original purchase's identifier, the same for every renewal, restore and family-shared copy.
    public private(set) var originalTransactionId: String?
    /// The identifier of a subscription purchase event across devices, renewals included.
    public private(set) var webOrderLineItemId: String?
    /// The app's bundle identifier, checked against the validator's before anything is decided.
    public private(set) var bundleId: String?
    /// The product identifier of the in-app purchase, as set in App Store Connect.
    public private(set) var productId: String?
    /// The subscription group the product belongs to.
    public private(set) var subscriptionGroupIdentifier: String?
    /// When the App Store charged the account (for a renewal, the renewal's own date).
    public private(set) var purchaseDate: JWSDate?
    /// When the original purchase was made.
    public private(set) var originalPurchaseDate: JWSDate?
    /// When the subscription period expires or renews.
    public private(set) var expiresDate: JWSDate?
    /// How many of a consumable product were bought.
    public private(set) var quantity: Int64?
    /// The kind of product: one of ``TransactionType``.
    public private(set) var type: AppStoreValue<TransactionType>?
    /// The UUID the app associated with the customer's account at purchase, if it set one.
    public private(set) var appAccountToken: String?
    /// Whether this customer bought it or has it through Family Sharing: one of ``InAppOwnershipType``.
    public private(set) var inAppOwnershipType: AppStoreValue<InAppOwnershipType>?
    /// When the App Store signed this payload: the date the data describes the world as of.
    public private(set) var signedDate: JWSDate?
    /// Why the App Store refunded or revoked it: one of ``RevocationReason``.
    public private(set) var revocationReason: AppStoreValue<RevocationReason>?
    /// When the App Store refunded or revoked it; absent when it stands.
    public private(set) var revocationDate: JWSDate?
    /// How the App Store refunded or revoked it: one of ``RevocationType`` (App Store Server API 1.19).
    public private(set) var revocationType: AppStoreValue<RevocationType>?
    /// With `REFUND_PRORATED`: the share refunded, in thousandths of a percent (40000 is 40%).
    public private(set) var revocationPercentage: Int64?
    /// Whether the customer upgraded to another subscription, so this one gives no service.
    public private(set) var isUpgraded: Bool?
    /// The offer that applied: one of ``OfferType``.
    public private(set) var offerType: AppStoreValue<OfferType>?
    /// The identifier of the promotional offer, offer code or win-back offer that applied.
    public private(set) var offerIdentifier: String?
    /// The server environment that signed it: one of ``AppStoreEnvironment``.
    public private(set) var environment: AppStoreValue<AppStoreEnvironment>?
    /// The three-letter country code of the App Store storefront of the purchase.
    public private(set) var storefront: String?
    /// Apple's identifier of that storefront.
    public private(set) var storefrontId: String?
    /// Whether the customer bought it or a subscription renewed: one of ``TransactionReason``.
    public private(set) var transactionReason: AppStoreValue<TransactionReason>?
    /// The price in milliunits of the currency (1990 is 1.99).
    public private(set) var price: Int64?
    /// The ISO 4217 currency code of the price.
    public private(set) var currency: String?
    /// How an introductory offer is paid: one of ``OfferDiscountType``.
    public private(set) var offerDiscountType: AppStoreValue<OfferDiscountType>?
    /// The ISO 8601 duration of the offer (`P1M`).
    public private(set) var offerPeriod: String?
    /// The identifier of the customer's app download, shared by their AppTransaction and transactions.
    public private(set) var appTransactionId: String?
    /// Base64 SHA-384 of the device verification nonce and the device identifier.
    public private(set) var deviceVerification: String?
    /// The UUID the app used with `deviceVerification`.
    public private(set) var deviceVerificationNonce: String?
    /// Advanced Commerce API purchases: the items bought with their SKUs, prices and refunds (2025).
    public private(set) var advancedCommerceInfo: SignedMember<AdvancedCommerceTransactionInfo>?
    /// How a subscription is billed, with commitment plans (2026): one of ``BillingPlanType``.
    public private(set) var billingPlanType: AppStoreValue<BillingPlanType>?
    /// A subscription's commitment term: the billing period paid, of how many, and the term's price (2026).
    public private(set) var commitmentInfo: SignedMember<TransactionCommitmentInfo>?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension JWSTransaction: MemberFieldModel {
    /// Reads JSON a report wrote, `unknownFields` as the member it is written as.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension JWSTransaction: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<JWSTransaction>] = [
        .signedMember("advancedCommerceInfo", { $0.advancedCommerceInfo }, { $0.advancedCommerceInfo = $1 }),
        .string("appAccountToken", { $0.appAccountToken }, { $0.appAccountToken = $1 }),
        .string("appTransactionId", { $0.appTransactionId }, { $0.appTransactionId = $1 }),
        .enumeration("billingPlanType", { $0.billingPlanType }, { $0.billingPlanType = $1 }),
        .string("bundleId", { $0.bundleId }, { $0.bundleId = $1 }),
        .signedMember("commitmentInfo", { $0.commitmentInfo }, { $0.commitmentInfo = $1 }),
        .string("currency", { $0.currency }, { $0.currency = $1 }),
        .string("deviceVerification", { $0.deviceVerification }, { $0.deviceVerification = $1 }),
        .string("deviceVerificationNonce", { $0.deviceVerificationNonce }, { $0.deviceVerificationNonce = $1 }),
        .enumeration("environment", { $0.environment }, { $0.environment = $1 }),
        .date("expiresDate", { $0.expiresDate }, { $0.expiresDate = $1 }),
        .enumeration("inAppOwnershipType", { $0.inAppOwnershipType }, { $0.inAppOwnershipType = $1 }),
        .bool("isUpgraded", { $0.isUpgraded }, { $0.isUpgraded = $1 }),
        .enumeration("offerDiscountType", { $0.offerDiscountType }, { $0.offerDiscountType = $1 }),
        .string("offerIdentifier", { $0.offerIdentifier }, { $0.offerIdentifier = $1 }),
        .string("offerPeriod", { $0.offerPeriod }, { $0.offerPeriod = $1 }),
        .enumeration("offerType", { $0.offerType }, { $0.offerType = $1 }),
        .date("originalPurchaseDate", { $0.originalPurchaseDate }, { $0.originalPurchaseDate = $1 }),
        .string("originalTransactionId", { $0.originalTransactionId }, { $0.originalTransactionId = $1 }),
        .integer("price", { $0.price }, { $0.price = $1 }),
        .string("productId", { $0.productId }, { $0.productId = $1 }),
        .date("purchaseDate", { $0.purchaseDate }, { $0.purchaseDate = $1 }),
        .integer("quantity", { $0.quantity }, { $0.quantity = $1 }),
        .date("revocationDate", { $0.revocationDate }, { $0.revocationDate = $1 }),
        .integer("revocationPercentage", { $0.revocationPercentage }, { $0.revocationPercentage = $1 }),
        .enumeration("revocationReason", { $0.revocationReason }, { $0.revocationReason = $1 }),
        .enumeration("revocationType", { $0.revocationType }, { $0.revocationType = $1 }),
        .date("signedDate", { $0.signedDate }, { $0.signedDate = $1 }),
        .string("storefront", { $0.storefront }, { $0.storefront = $1 }),
        .string("storefrontId", { $0.storefrontId }, { $0.storefrontId = $1 }),
        .string(
            "subscriptionGroupIdentifier", { $0.subscriptionGroupIdentifier }, { $0.subscriptionGroupIdentifier = $1 }),
        .string("transactionId", { $0.transactionId }, { $0.transactionId = $1 }).kindMarker(),
        .enumeration("transactionReason", { $0.transactionReason }, { $0.transactionReason = $1 }),
        .enumeration("type", { $0.type }, { $0.type = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
        .string("webOrderLineItemId", { $0.webOrderLineItemId }, { $0.webOrderLineItemId = $1 }),
    ]
}
