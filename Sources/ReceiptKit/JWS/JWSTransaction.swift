/// A signed transaction payload (JWSTransactionDecodedPayload).
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
public struct JWSTransaction: Sendable, Equatable, Codable {
    public let transactionId: String?
    public let originalTransactionId: String?
    public let webOrderLineItemId: String?
    public let bundleId: String?
    public let productId: String?
    public let subscriptionGroupIdentifier: String?
    public let purchaseDate: JWSDate?
    public let originalPurchaseDate: JWSDate?
    public let expiresDate: JWSDate?
    public let quantity: Int64?
    public let type: String?
    public let appAccountToken: String?
    public let inAppOwnershipType: String?
    public let signedDate: JWSDate?
    public let revocationReason: Int64?
    public let revocationDate: JWSDate?
    /// `REFUND_FULL`, `REFUND_PRORATED` or `FAMILY_REVOKE` (App Store Server API 1.19).
    public let revocationType: String?
    /// With `REFUND_PRORATED`: the share refunded, in thousandths of a percent (40000 is 40%).
    public let revocationPercentage: Int64?
    public let isUpgraded: Bool?
    public let offerType: Int64?
    public let offerIdentifier: String?
    public let environment: String?
    public let storefront: String?
    public let storefrontId: String?
    public let transactionReason: String?
    public let price: Int64?
    public let currency: String?
    public let offerDiscountType: String?
    public let offerPeriod: String?
    public let appTransactionId: String?
    public let deviceVerification: String?
    public let deviceVerificationNonce: String?
    /// Advanced Commerce API purchases: the SKUs, periods and prices bought (2025), kept as Apple wrote them.
    public let advancedCommerceInfo: JSONValue?
    /// How a subscription is billed (`BILLED_UPFRONT`, `MONTHLY`), with commitment plans (2026).
    public let billingPlanType: String?
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

extension JWSTransaction: JWSJSONObject {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    static let jsonMembers: [JWSJSONMember<JWSTransaction>] = [
        JWSJSONMember("advancedCommerceInfo") { .json($0.advancedCommerceInfo) },
        JWSJSONMember("appAccountToken") { .string($0.appAccountToken) },
        JWSJSONMember("appTransactionId") { .string($0.appTransactionId) },
        JWSJSONMember("billingPlanType") { .string($0.billingPlanType) },
        JWSJSONMember("bundleId") { .string($0.bundleId) },
        JWSJSONMember("commitmentInfo") { .json($0.commitmentInfo) },
        JWSJSONMember("currency") { .string($0.currency) },
        JWSJSONMember("deviceVerification") { .string($0.deviceVerification) },
        JWSJSONMember("deviceVerificationNonce") { .string($0.deviceVerificationNonce) },
        JWSJSONMember("environment") { .string($0.environment) },
        JWSJSONMember("expiresDate") { .date($0.expiresDate) },
        JWSJSONMember("inAppOwnershipType") { .string($0.inAppOwnershipType) },
        JWSJSONMember("isUpgraded") { .bool($0.isUpgraded) },
        JWSJSONMember("offerDiscountType") { .string($0.offerDiscountType) },
        JWSJSONMember("offerIdentifier") { .string($0.offerIdentifier) },
        JWSJSONMember("offerPeriod") { .string($0.offerPeriod) },
        JWSJSONMember("offerType") { .integer($0.offerType) },
        JWSJSONMember("originalPurchaseDate") { .date($0.originalPurchaseDate) },
        JWSJSONMember("originalTransactionId") { .string($0.originalTransactionId) },
        JWSJSONMember("price") { .integer($0.price) },
        JWSJSONMember("productId") { .string($0.productId) },
        JWSJSONMember("purchaseDate") { .date($0.purchaseDate) },
        JWSJSONMember("quantity") { .integer($0.quantity) },
        JWSJSONMember("revocationDate") { .date($0.revocationDate) },
        JWSJSONMember("revocationPercentage") { .integer($0.revocationPercentage) },
        JWSJSONMember("revocationReason") { .integer($0.revocationReason) },
        JWSJSONMember("revocationType") { .string($0.revocationType) },
        JWSJSONMember("signedDate") { .date($0.signedDate) },
        JWSJSONMember("storefront") { .string($0.storefront) },
        JWSJSONMember("storefrontId") { .string($0.storefrontId) },
        JWSJSONMember("subscriptionGroupIdentifier") { .string($0.subscriptionGroupIdentifier) },
        JWSJSONMember("transactionId") { .string($0.transactionId) },
        JWSJSONMember("transactionReason") { .string($0.transactionReason) },
        JWSJSONMember("type") { .string($0.type) },
        JWSJSONMember("unknownFields") { .members($0.unknownFields) },
        JWSJSONMember("webOrderLineItemId") { .string($0.webOrderLineItemId) },
    ]
}
