#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// PLACEHOLDER until branch `payload` (which owns the model) is merged: the field names agreed
// with that branch, and a Codable shape close enough for make-receipt specs.

/// A decoded receipt payload.
public struct ParsedReceipt: Sendable, Equatable, Codable {
    public var receiptType: String?
    public var appItemID: Int64?
    public var bundleID: String?
    public var bundleIDData: [UInt8]?
    public var applicationVersion: String?
    public var opaqueValue: [UInt8]?
    public var sha1Hash: [UInt8]?
    public var ageRating: String?
    public var receiptCreationDate: Date?
    public var inApp: [InAppPurchase] = []
    public var originalPurchaseDate: Date?
    public var originalApplicationVersion: String?
    public var expirationDate: Date?
    public var unknownAttributes: [Int64: [[UInt8]]] = [:]

    public init() {}

    enum CodingKeys: String, CodingKey {
        case receiptType = "receipt_type"
        case appItemID = "app_item_id"
        case bundleID = "bundle_id"
        case bundleIDData = "bundle_id_data"
        case applicationVersion = "application_version"
        case opaqueValue = "opaque_value"
        case sha1Hash = "sha1_hash"
        case ageRating = "age_rating"
        case receiptCreationDate = "receipt_creation_date"
        case inApp = "in_app"
        case originalPurchaseDate = "original_purchase_date"
        case originalApplicationVersion = "original_application_version"
        case expirationDate = "expiration_date"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        receiptType = try c.decodeIfPresent(String.self, forKey: .receiptType)
        appItemID = try c.decodeIfPresent(Int64.self, forKey: .appItemID)
        bundleID = try c.decodeIfPresent(String.self, forKey: .bundleID)
        bundleIDData = try PlaceholderCoding.bytes(c, .bundleIDData)
        applicationVersion = try c.decodeIfPresent(String.self, forKey: .applicationVersion)
        opaqueValue = try PlaceholderCoding.bytes(c, .opaqueValue)
        sha1Hash = try PlaceholderCoding.bytes(c, .sha1Hash)
        ageRating = try c.decodeIfPresent(String.self, forKey: .ageRating)
        receiptCreationDate = try PlaceholderCoding.date(c, .receiptCreationDate)
        inApp = try c.decodeIfPresent([InAppPurchase].self, forKey: .inApp) ?? []
        originalPurchaseDate = try PlaceholderCoding.date(c, .originalPurchaseDate)
        originalApplicationVersion = try c.decodeIfPresent(String.self, forKey: .originalApplicationVersion)
        expirationDate = try PlaceholderCoding.date(c, .expirationDate)
    }

    public func encode(to encoder: any Encoder) throws {}
}

/// One in-app purchase record (attribute 17).
public struct InAppPurchase: Sendable, Equatable, Codable {
    public var quantity: Int64?
    public var productID: String?
    public var transactionID: String?
    public var purchaseDate: Date?
    public var originalTransactionID: String?
    public var originalPurchaseDate: Date?
    public var productType: Int64?
    public var expiresDate: Date?
    public var webOrderLineItemID: Int64?
    public var cancellationDate: Date?
    public var isTrialPeriod: Bool?
    public var isInIntroOfferPeriod: Bool?
    public var promotionalOfferID: String?
    public var unknownAttributes: [Int64: [[UInt8]]] = [:]

    public init() {}

    enum CodingKeys: String, CodingKey {
        case quantity
        case productID = "product_id"
        case transactionID = "transaction_id"
        case purchaseDate = "purchase_date"
        case originalTransactionID = "original_transaction_id"
        case originalPurchaseDate = "original_purchase_date"
        case productType = "product_type"
        case expiresDate = "expires_date"
        case webOrderLineItemID = "web_order_line_item_id"
        case cancellationDate = "cancellation_date"
        case isTrialPeriod = "is_trial_period"
        case isInIntroOfferPeriod = "is_in_intro_offer_period"
        case promotionalOfferID = "promotional_offer_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        quantity = try c.decodeIfPresent(Int64.self, forKey: .quantity)
        productID = try c.decodeIfPresent(String.self, forKey: .productID)
        transactionID = try c.decodeIfPresent(String.self, forKey: .transactionID)
        purchaseDate = try PlaceholderCoding.date(c, .purchaseDate)
        originalTransactionID = try c.decodeIfPresent(String.self, forKey: .originalTransactionID)
        originalPurchaseDate = try PlaceholderCoding.date(c, .originalPurchaseDate)
        productType = try c.decodeIfPresent(Int64.self, forKey: .productType)
        expiresDate = try PlaceholderCoding.date(c, .expiresDate)
        webOrderLineItemID = try c.decodeIfPresent(Int64.self, forKey: .webOrderLineItemID)
        cancellationDate = try PlaceholderCoding.date(c, .cancellationDate)
        isTrialPeriod = try c.decodeIfPresent(Bool.self, forKey: .isTrialPeriod)
        isInIntroOfferPeriod = try c.decodeIfPresent(Bool.self, forKey: .isInIntroOfferPeriod)
        promotionalOfferID = try c.decodeIfPresent(String.self, forKey: .promotionalOfferID)
    }

    public func encode(to encoder: any Encoder) throws {}
}

enum PlaceholderCoding {
    static func date<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> Date? {
        guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = RFC3339.date(from: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not RFC 3339: \(text)")
        }
        return date
    }

    static func bytes<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> [UInt8]? {
        guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let bytes = HexBytes.decode(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not hex: \(text)")
        }
        return bytes
    }
}
