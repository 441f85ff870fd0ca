#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One in-app purchase record (attribute 17): every field optional, since Apple omits or empties them freely.
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

    /// A purchase of these fields, each one not given absent (nil), as a receipt may omit it.
    public init(
        quantity: Int64? = nil, productID: String? = nil, transactionID: String? = nil, purchaseDate: Date? = nil,
        originalTransactionID: String? = nil, originalPurchaseDate: Date? = nil, productType: Int64? = nil,
        expiresDate: Date? = nil, webOrderLineItemID: Int64? = nil, cancellationDate: Date? = nil,
        isTrialPeriod: Bool? = nil, isInIntroOfferPeriod: Bool? = nil, promotionalOfferID: String? = nil,
        unknownAttributes: [Int64: [[UInt8]]] = [:]
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
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fieldsFrom: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension InAppPurchase: ReceiptFieldModel {
    /// Keys follow Apple's verifyReceipt `in_app` objects; types 1707, 1713 and 1721 are undocumented.
    package static let fields: [ModelField<InAppPurchase>] = [
        .date("cancellation_date", 1712, { $0.cancellationDate }, { $0.cancellationDate = $1 }),
        .date("expires_date", 1708, { $0.expiresDate }, { $0.expiresDate = $1 }),
        .boolean("is_in_intro_offer_period", 1719, { $0.isInIntroOfferPeriod }, { $0.isInIntroOfferPeriod = $1 }),
        .boolean("is_trial_period", 1713, { $0.isTrialPeriod }, { $0.isTrialPeriod = $1 }),
        .date("original_purchase_date", 1706, { $0.originalPurchaseDate }, { $0.originalPurchaseDate = $1 }),
        .string("original_transaction_id", 1705, { $0.originalTransactionID }, { $0.originalTransactionID = $1 }),
        .string("product_id", 1702, { $0.productID }, { $0.productID = $1 }),
        .integer("product_type", 1707, { $0.productType }, { $0.productType = $1 }),
        .string("promotional_offer_id", 1721, { $0.promotionalOfferID }, { $0.promotionalOfferID = $1 }),
        .date("purchase_date", 1704, { $0.purchaseDate }, { $0.purchaseDate = $1 }),
        .integer("quantity", 1701, minimum: 0, { $0.quantity }, { $0.quantity = $1 }),
        .string("transaction_id", 1703, { $0.transactionID }, { $0.transactionID = $1 }),
        .undocumented("unknown_attributes", { $0.undocumented }, { $0.undocumented = $1 }),
        .integer("web_order_line_item_id", 1711, { $0.webOrderLineItemID }, { $0.webOrderLineItemID = $1 }),
    ]

    package static let attributeFields = AttributeFields(fields, base: 1700)

    /// Every field absent, assigned directly: the public initialiser's defaults would cost every purchase.
    package init() {
        undocumented = UndocumentedAttributes()
    }
}
