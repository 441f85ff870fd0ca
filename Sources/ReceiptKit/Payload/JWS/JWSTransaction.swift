/// A signed transaction payload (JWSTransactionDecodedPayload).
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
public struct JWSTransaction: Sendable, Equatable, Codable {
    /// The transaction's unique identifier (Apple's `transactionId`).
    public let transactionId: String?
    /// The identifier of the original purchase: the same for every renewal, restore and family-shared copy of
    /// it.
    public let originalTransactionId: String?
    /// The identifier of a subscription purchase event across devices, renewals included.
    public let webOrderLineItemId: String?
    /// The bundle identifier of the app; checked against the validator's bundle id before anything is
    /// decided.
    public let bundleId: String?
    /// The product identifier of the in-app purchase, as set in App Store Connect.
    public let productId: String?
    /// The subscription group the product belongs to.
    public let subscriptionGroupIdentifier: String?
    /// When the App Store charged the account (for a renewal, the renewal's own date).
    public let purchaseDate: JWSDate?
    /// When the original purchase was made.
    public let originalPurchaseDate: JWSDate?
    /// When the subscription period expires or renews.
    public let expiresDate: JWSDate?
    /// How many of a consumable product were bought.
    public let quantity: Int64?
    /// The product type as Apple writes it: `Auto-Renewable Subscription`, `Non-Consumable`, `Consumable` or
    /// `Non-Renewing Subscription`.
    public let type: TransactionType?
    /// The UUID the app associated with the customer's account at purchase, if it set one.
    public let appAccountToken: String?
    /// `PURCHASED` or `FAMILY_SHARED`: whether this customer bought it or has it through Family Sharing.
    public let inAppOwnershipType: InAppOwnershipType?
    /// When the App Store signed this payload: the date the data describes the world as of.
    public let signedDate: JWSDate?
    /// Why the App Store refunded or revoked it: 0 for another reason, 1 for an issue in the app.
    public let revocationReason: RevocationReason?
    /// When the App Store refunded or revoked it; absent when it stands.
    public let revocationDate: JWSDate?
    /// `REFUND_FULL`, `REFUND_PRORATED` or `FAMILY_REVOKE` (App Store Server API 1.19).
    public let revocationType: RevocationType?
    /// With `REFUND_PRORATED`: the share refunded, in thousandths of a percent (40000 is 40%).
    public let revocationPercentage: Int64?
    /// Whether the customer upgraded to another subscription, so this one gives no service.
    public let isUpgraded: Bool?
    /// The offer that applied: 1 introductory, 2 promotional, 3 offer code, 4 win-back.
    public let offerType: OfferType?
    /// The identifier of the promotional offer, offer code or win-back offer that applied.
    public let offerIdentifier: String?
    /// `Production`, `Sandbox` or `Xcode`: the server environment that signed it.
    public let environment: AppStoreEnvironment?
    /// The three-letter country code of the App Store storefront of the purchase.
    public let storefront: String?
    /// Apple's identifier of that storefront.
    public let storefrontId: String?
    /// `PURCHASE` or `RENEWAL`: whether the customer bought it or a subscription renewed.
    public let transactionReason: TransactionReason?
    /// The price in milliunits of the currency (1990 is 1.99).
    public let price: Int64?
    /// The ISO 4217 currency code of the price.
    public let currency: String?
    /// How an introductory offer is paid: `FREE_TRIAL`, `PAY_AS_YOU_GO` or `PAY_UP_FRONT`.
    public let offerDiscountType: OfferDiscountType?
    /// The ISO 8601 duration of the offer (`P1M`).
    public let offerPeriod: String?
    /// The identifier of the customer's app download, shared by their AppTransaction and transactions.
    public let appTransactionId: String?
    /// Base64 SHA-384 of the device verification nonce and the device identifier, to tie the data to a
    /// device.
    public let deviceVerification: String?
    /// The UUID the app used with `deviceVerification`.
    public let deviceVerificationNonce: String?
    /// Advanced Commerce API purchases: the SKUs, periods and prices bought (2025), kept as Apple wrote them.
    public let advancedCommerceInfo: JSONValue?
    /// How a subscription is billed (`BILLED_UPFRONT`, `MONTHLY`), with commitment plans (2026).
    public let billingPlanType: BillingPlanType?
    /// A subscription's commitment term: its period, price and payments so far (2026), kept as Apple wrote it.
    public let commitmentInfo: JSONValue?
    /// Members not listed above, as they came: filled where ReceiptKit decodes the payload (a report
    /// from the validator), left empty by other decoders such as `JSONDecoder`.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
    /// with the members this type does not name.
    private let unknownFields: [String: JSONValue]?
}

extension JWSTransaction: JSONConvertible {}

extension JWSTransaction: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<JWSTransaction>] = [
        .json("advancedCommerceInfo") { $0.advancedCommerceInfo },
        .string("appAccountToken") { $0.appAccountToken },
        .string("appTransactionId") { $0.appTransactionId },
        .string("billingPlanType") { $0.billingPlanType?.rawValue },
        .string("bundleId") { $0.bundleId },
        .json("commitmentInfo") { $0.commitmentInfo },
        .string("currency") { $0.currency },
        .string("deviceVerification") { $0.deviceVerification },
        .string("deviceVerificationNonce") { $0.deviceVerificationNonce },
        .string("environment") { $0.environment?.rawValue },
        .date("expiresDate") { $0.expiresDate },
        .string("inAppOwnershipType") { $0.inAppOwnershipType?.rawValue },
        .bool("isUpgraded") { $0.isUpgraded },
        .string("offerDiscountType") { $0.offerDiscountType?.rawValue },
        .string("offerIdentifier") { $0.offerIdentifier },
        .string("offerPeriod") { $0.offerPeriod },
        .integer("offerType") { $0.offerType?.rawValue },
        .date("originalPurchaseDate") { $0.originalPurchaseDate },
        .string("originalTransactionId") { $0.originalTransactionId },
        .integer("price") { $0.price },
        .string("productId") { $0.productId },
        .date("purchaseDate") { $0.purchaseDate },
        .integer("quantity") { $0.quantity },
        .date("revocationDate") { $0.revocationDate },
        .integer("revocationPercentage") { $0.revocationPercentage },
        .integer("revocationReason") { $0.revocationReason?.rawValue },
        .string("revocationType") { $0.revocationType?.rawValue },
        .date("signedDate") { $0.signedDate },
        .string("storefront") { $0.storefront },
        .string("storefrontId") { $0.storefrontId },
        .string("subscriptionGroupIdentifier") { $0.subscriptionGroupIdentifier },
        .string("transactionId") { $0.transactionId },
        .string("transactionReason") { $0.transactionReason?.rawValue },
        .string("type") { $0.type?.rawValue },
        .members("unknownFields") { $0.unknownFields },
        .string("webOrderLineItemId") { $0.webOrderLineItemId },
    ]
}
