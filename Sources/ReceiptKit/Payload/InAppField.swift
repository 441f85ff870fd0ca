/// The in-app purchase attribute types this package decodes into named fields.
///
/// 1707 (product type), 1713 (trial period) and 1721 (promotional offer id) are undocumented but
/// carried by every recent receipt; other types are kept raw in `unknownAttributes`.
enum InAppField: Int64, CaseIterable, Sendable {
    case quantity = 1701
    case productID = 1702
    case transactionID = 1703
    case purchaseDate = 1704
    case originalTransactionID = 1705
    case originalPurchaseDate = 1706
    case productType = 1707
    case expiresDate = 1708
    case webOrderLineItemID = 1711
    case cancellationDate = 1712
    case isTrialPeriod = 1713
    case isInIntroOfferPeriod = 1719
    case promotionalOfferID = 1721

    /// The JSON name, used in error messages so a log line matches the report a user sees.
    var name: String {
        switch self {
        case .quantity: "quantity"
        case .productID: "product_id"
        case .transactionID: "transaction_id"
        case .purchaseDate: "purchase_date"
        case .originalTransactionID: "original_transaction_id"
        case .originalPurchaseDate: "original_purchase_date"
        case .productType: "product_type"
        case .expiresDate: "expires_date"
        case .webOrderLineItemID: "web_order_line_item_id"
        case .cancellationDate: "cancellation_date"
        case .isTrialPeriod: "is_trial_period"
        case .isInIntroOfferPeriod: "is_in_intro_offer_period"
        case .promotionalOfferID: "promotional_offer_id"
        }
    }

    /// The bit that marks this field as seen; raw values run from 1701 to 1721.
    var bit: UInt64 { 1 << UInt64(rawValue - 1700) }
}
