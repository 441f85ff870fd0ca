#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One in-app purchase record (attribute 17) of an App Store receipt.
///
/// Every field is optional because Apple omits or empties them freely: Xcode receipts lack the
/// original transaction, and non-subscriptions carry an empty expires and cancellation date.
public struct InAppPurchase: Sendable, Equatable, Codable {
    /// 1701.
    public var quantity: Int64?
    /// 1702.
    public var productID: String?
    /// 1703.
    public var transactionID: String?
    /// 1704.
    public var purchaseDate: Date?
    /// 1705.
    public var originalTransactionID: String?
    /// 1706.
    public var originalPurchaseDate: Date?
    /// 1707, undocumented: Apple's product type code.
    public var productType: Int64?
    /// 1708; nil when absent or empty (non-subscriptions).
    public var expiresDate: Date?
    /// 1711; 0 for non-subscriptions.
    public var webOrderLineItemID: Int64?
    /// 1712; nil when absent or empty.
    public var cancellationDate: Date?
    /// 1713, undocumented: INTEGER 0 or 1.
    public var isTrialPeriod: Bool?
    /// 1719: INTEGER 0 or 1.
    public var isInIntroOfferPeriod: Bool?
    /// 1721, undocumented.
    public var promotionalOfferID: String?
    /// Every other attribute type, as the raw value octets, in input order per type.
    public var unknownAttributes: [Int64: [[UInt8]]] {
        get { undocumented.dictionary }
        set { undocumented = UndocumentedAttributes(newValue) }
    }
    /// The same attributes as ranges of the payload, copied only when `unknownAttributes` is read.
    package var undocumented: UndocumentedAttributes
    /// A StoreKit 2 transaction's `isUpgraded`: the customer moved to another subscription of the group,
    /// so this one provides no service. Receipts do not carry it (and it is not part of their JSON).
    public var isUpgraded: Bool?
    /// A StoreKit 2 transaction's `type` (`Auto-Renewable Subscription`, `Non-Renewing Subscription`,
    /// `Consumable`, `Non-Consumable`); receipts do not carry it (and it is not part of their JSON).
    public var storeKitType: TransactionType?
    /// A StoreKit 2 transaction's `subscriptionGroupIdentifier` (not part of a receipt's JSON).
    public var subscriptionGroupID: String?
    /// A StoreKit 2 transaction's `revocationType` (`REFUND_FULL`, `REFUND_PRORATED`, `FAMILY_REVOKE`), to
    /// say how it was revoked.
    public var revocationType: RevocationType?
    /// A StoreKit 2 transaction's `revocationPercentage`: with `REFUND_PRORATED`, the share refunded, in
    /// thousandths of a percent (40000 is 40%).
    public var revocationPercentage: Int64?
    /// A StoreKit 2 transaction's `inAppOwnershipType`: `PURCHASED` or `FAMILY_SHARED`.
    public var ownershipType: InAppOwnershipType?

    /// A purchase of these fields, each one not given absent (nil), as a receipt may omit it.
    public init(
        quantity: Int64? = nil, productID: String? = nil, transactionID: String? = nil, purchaseDate: Date? = nil,
        originalTransactionID: String? = nil, originalPurchaseDate: Date? = nil, productType: Int64? = nil,
        expiresDate: Date? = nil, webOrderLineItemID: Int64? = nil, cancellationDate: Date? = nil,
        isTrialPeriod: Bool? = nil, isInIntroOfferPeriod: Bool? = nil, promotionalOfferID: String? = nil,
        unknownAttributes: [Int64: [[UInt8]]] = [:], isUpgraded: Bool? = nil, storeKitType: TransactionType? = nil,
        subscriptionGroupID: String? = nil
    ) {
        self.quantity = quantity
        self.productID = productID
        self.transactionID = transactionID
        self.purchaseDate = purchaseDate
        self.originalTransactionID = originalTransactionID
        self.originalPurchaseDate = originalPurchaseDate
        self.productType = productType
        self.expiresDate = expiresDate
        self.webOrderLineItemID = webOrderLineItemID
        self.cancellationDate = cancellationDate
        self.isTrialPeriod = isTrialPeriod
        self.isInIntroOfferPeriod = isInIntroOfferPeriod
        self.promotionalOfferID = promotionalOfferID
        self.undocumented = UndocumentedAttributes(unknownAttributes)
        self.isUpgraded = isUpgraded
        self.storeKitType = storeKitType
        self.subscriptionGroupID = subscriptionGroupID
    }

    /// Names follow Apple's verifyReceipt `in_app` objects; spelt out so a rename cannot change the JSON.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        /// `quantity` (1701).
        case quantity
        /// `product_id` (1702).
        case productID = "product_id"
        /// `transaction_id` (1703).
        case transactionID = "transaction_id"
        /// `purchase_date` (1704).
        case purchaseDate = "purchase_date"
        /// `original_transaction_id` (1705).
        case originalTransactionID = "original_transaction_id"
        /// `original_purchase_date` (1706).
        case originalPurchaseDate = "original_purchase_date"
        /// `product_type` (1707).
        case productType = "product_type"
        /// `expires_date` (1708).
        case expiresDate = "expires_date"
        /// `web_order_line_item_id` (1711).
        case webOrderLineItemID = "web_order_line_item_id"
        /// `cancellation_date` (1712).
        case cancellationDate = "cancellation_date"
        /// `is_trial_period` (1713).
        case isTrialPeriod = "is_trial_period"
        /// `is_in_intro_offer_period` (1719).
        case isInIntroOfferPeriod = "is_in_intro_offer_period"
        /// `promotional_offer_id` (1721).
        case promotionalOfferID = "promotional_offer_id"
        /// `unknown_attributes`: every other attribute type.
        case unknownAttributes = "unknown_attributes"
    }

    static let knownTypes = Set(InAppField.allCases.map(\.rawValue))

    public init(from decoder: any Decoder) throws {
        try ReceiptJSON.rejectUnknownKeys(decoder, known: CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        quantity = try container.decodeIfPresent(Int64.self, forKey: .quantity)
        productID = try container.decodeIfPresent(String.self, forKey: .productID)
        transactionID = try container.decodeIfPresent(String.self, forKey: .transactionID)
        purchaseDate = try container.decodeDateIfPresent(forKey: .purchaseDate)
        originalTransactionID = try container.decodeIfPresent(String.self, forKey: .originalTransactionID)
        originalPurchaseDate = try container.decodeDateIfPresent(forKey: .originalPurchaseDate)
        productType = try container.decodeIfPresent(Int64.self, forKey: .productType)
        expiresDate = try container.decodeDateIfPresent(forKey: .expiresDate)
        webOrderLineItemID = try container.decodeIfPresent(Int64.self, forKey: .webOrderLineItemID)
        cancellationDate = try container.decodeDateIfPresent(forKey: .cancellationDate)
        isTrialPeriod = try container.decodeIfPresent(Bool.self, forKey: .isTrialPeriod)
        isInIntroOfferPeriod = try container.decodeIfPresent(Bool.self, forKey: .isInIntroOfferPeriod)
        promotionalOfferID = try container.decodeIfPresent(String.self, forKey: .promotionalOfferID)
        undocumented = UndocumentedAttributes(
            try container.decodeUnknownAttributes(forKey: .unknownAttributes, knownTypes: Self.knownTypes))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(quantity, forKey: .quantity)
        try container.encodeIfPresent(productID, forKey: .productID)
        try container.encodeIfPresent(transactionID, forKey: .transactionID)
        try container.encodeDateIfPresent(purchaseDate, forKey: .purchaseDate)
        try container.encodeIfPresent(originalTransactionID, forKey: .originalTransactionID)
        try container.encodeDateIfPresent(originalPurchaseDate, forKey: .originalPurchaseDate)
        try container.encodeIfPresent(productType, forKey: .productType)
        try container.encodeDateIfPresent(expiresDate, forKey: .expiresDate)
        try container.encodeIfPresent(webOrderLineItemID, forKey: .webOrderLineItemID)
        try container.encodeDateIfPresent(cancellationDate, forKey: .cancellationDate)
        try container.encodeIfPresent(isTrialPeriod, forKey: .isTrialPeriod)
        try container.encodeIfPresent(isInIntroOfferPeriod, forKey: .isInIntroOfferPeriod)
        try container.encodeIfPresent(promotionalOfferID, forKey: .promotionalOfferID)
        try container.encodeUnknownAttributes(unknownAttributes, forKey: .unknownAttributes)
    }
}
