/// The receipt-level attribute types this package decodes into named fields.
///
/// Apple documents only some of these (1, app item id, and 10, age rating, are undocumented but
/// stable since 2010); every other type is kept raw in `unknownAttributes`.
enum ReceiptField: Int64, CaseIterable, Sendable {
    case receiptType = 0
    case appItemID = 1
    case bundleID = 2
    case applicationVersion = 3
    case opaqueValue = 4
    case sha1Hash = 5
    case ageRating = 10
    case receiptCreationDate = 12
    case inAppPurchase = 17
    case originalPurchaseDate = 18
    case originalApplicationVersion = 19
    case expirationDate = 21

    /// The JSON name, used in error messages so a log line matches the report a user sees.
    var name: String {
        switch self {
        case .receiptType: "receipt_type"
        case .appItemID: "app_item_id"
        case .bundleID: "bundle_id"
        case .applicationVersion: "application_version"
        case .opaqueValue: "opaque_value"
        case .sha1Hash: "sha1_hash"
        case .ageRating: "age_rating"
        case .receiptCreationDate: "receipt_creation_date"
        case .inAppPurchase: "in_app"
        case .originalPurchaseDate: "original_purchase_date"
        case .originalApplicationVersion: "original_application_version"
        case .expirationDate: "expiration_date"
        }
    }

    /// The bit that marks this field as seen; all raw values are below 64.
    var bit: UInt64 { 1 << UInt64(rawValue) }
}
