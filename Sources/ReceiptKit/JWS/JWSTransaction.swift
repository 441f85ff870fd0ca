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
    /// Members not listed above, as they came.
    public let unknown: [String: JSONValue]

    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    init(json: JSONValue) throws(JSONTypeError) {
        var reader = try JSONFieldReader(json)
        transactionId = try reader.value("transactionId")
        originalTransactionId = try reader.value("originalTransactionId")
        webOrderLineItemId = try reader.value("webOrderLineItemId")
        bundleId = try reader.value("bundleId")
        productId = try reader.value("productId")
        subscriptionGroupIdentifier = try reader.value("subscriptionGroupIdentifier")
        purchaseDate = try reader.value("purchaseDate")
        originalPurchaseDate = try reader.value("originalPurchaseDate")
        expiresDate = try reader.value("expiresDate")
        quantity = try reader.value("quantity")
        type = try reader.value("type")
        appAccountToken = try reader.value("appAccountToken")
        inAppOwnershipType = try reader.value("inAppOwnershipType")
        signedDate = try reader.value("signedDate")
        revocationReason = try reader.value("revocationReason")
        revocationDate = try reader.value("revocationDate")
        revocationType = try reader.value("revocationType")
        revocationPercentage = try reader.value("revocationPercentage")
        isUpgraded = try reader.value("isUpgraded")
        offerType = try reader.value("offerType")
        offerIdentifier = try reader.value("offerIdentifier")
        environment = try reader.value("environment")
        storefront = try reader.value("storefront")
        storefrontId = try reader.value("storefrontId")
        transactionReason = try reader.value("transactionReason")
        price = try reader.value("price")
        currency = try reader.value("currency")
        offerDiscountType = try reader.value("offerDiscountType")
        offerPeriod = try reader.value("offerPeriod")
        appTransactionId = try reader.value("appTransactionId")
        deviceVerification = try reader.value("deviceVerification")
        deviceVerificationNonce = try reader.value("deviceVerificationNonce")
        advancedCommerceInfo = try reader.value("advancedCommerceInfo")
        billingPlanType = try reader.value("billingPlanType")
        commitmentInfo = try reader.value("commitmentInfo")
        unknown = reader.unknown()
    }

    public func encode(to encoder: any Encoder) throws {
        var writer = JSONFieldWriter(encoder)
        try writer.put(transactionId, "transactionId")
        try writer.put(originalTransactionId, "originalTransactionId")
        try writer.put(webOrderLineItemId, "webOrderLineItemId")
        try writer.put(bundleId, "bundleId")
        try writer.put(productId, "productId")
        try writer.put(subscriptionGroupIdentifier, "subscriptionGroupIdentifier")
        try writer.put(purchaseDate, "purchaseDate")
        try writer.put(originalPurchaseDate, "originalPurchaseDate")
        try writer.put(expiresDate, "expiresDate")
        try writer.put(quantity, "quantity")
        try writer.put(type, "type")
        try writer.put(appAccountToken, "appAccountToken")
        try writer.put(inAppOwnershipType, "inAppOwnershipType")
        try writer.put(signedDate, "signedDate")
        try writer.put(revocationReason, "revocationReason")
        try writer.put(revocationDate, "revocationDate")
        try writer.put(revocationType, "revocationType")
        try writer.put(revocationPercentage, "revocationPercentage")
        try writer.put(isUpgraded, "isUpgraded")
        try writer.put(offerType, "offerType")
        try writer.put(offerIdentifier, "offerIdentifier")
        try writer.put(environment, "environment")
        try writer.put(storefront, "storefront")
        try writer.put(storefrontId, "storefrontId")
        try writer.put(transactionReason, "transactionReason")
        try writer.put(price, "price")
        try writer.put(currency, "currency")
        try writer.put(offerDiscountType, "offerDiscountType")
        try writer.put(offerPeriod, "offerPeriod")
        try writer.put(appTransactionId, "appTransactionId")
        try writer.put(deviceVerification, "deviceVerification")
        try writer.put(deviceVerificationNonce, "deviceVerificationNonce")
        try writer.put(advancedCommerceInfo, "advancedCommerceInfo")
        try writer.put(billingPlanType, "billingPlanType")
        try writer.put(commitmentInfo, "commitmentInfo")
        try writer.unknown(unknown)
    }
}

extension JWSTransaction: JSONConvertible {}
