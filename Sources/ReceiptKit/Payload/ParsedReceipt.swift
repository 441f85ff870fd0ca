#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a receipt says it was issued, derived from its receipt type (attribute 0).
///
/// This is what the unverified payload claims: it must never choose the trust root.
public enum ReceiptEnvironment: String, Sendable, Codable {
    /// Issued by the App Store (`Production`, `ProductionVPP`; StoreKit 2's `Production`).
    case production
    /// The sandbox's test purchases (`ProductionSandbox`, `ProductionVPPSandbox`; StoreKit 2's `Sandbox`).
    case sandbox
    /// Xcode's StoreKit testing (`Xcode`; StoreKit 2's `Xcode` and `LocalTesting`).
    case xcode
    /// A receipt type that is missing or names no environment known here.
    case unknown

    /// The environment a receipt type names; missing or unrecognised types are `.unknown`.
    public init(receiptType: String?) {
        self = Self.named(
            receiptType,
            [
                ("Production", .production), ("ProductionVPP", .production), ("ProductionSandbox", .sandbox),
                ("ProductionVPPSandbox", .sandbox), ("Xcode", .xcode),
            ])
    }

    /// A StoreKit 2 `environment` (or AppTransaction `receiptType`) as Apple writes it: `Production`,
    /// `Sandbox`, `Xcode`, or `LocalTesting` (Xcode's StoreKit testing, also `.xcode`); and the receipt
    /// type names, which an AppTransaction without `environment` carries.
    public init(storeKit name: String?) {
        self = Self.named(
            name,
            [
                ("Production", .production), ("Sandbox", .sandbox), ("Xcode", .xcode), ("LocalTesting", .xcode),
                ("ProductionVPP", .production), ("ProductionSandbox", .sandbox), ("ProductionVPPSandbox", .sandbox),
            ])
    }

    /// The environment whose name is exactly `name`'s bytes (signed data is compared byte for byte).
    private static func named(_ name: String?, _ table: [(String, ReceiptEnvironment)]) -> ReceiptEnvironment {
        guard let name else { return .unknown }
        return table.first { name.isIdentical(to: $0.0) }?.1 ?? .unknown
    }
}

/// The decoded payload of an App Store receipt: what it claims, not yet whether it is genuine.
public struct ParsedReceipt: Sendable, Equatable, Codable {
    /// 0, undocumented: `Production`, `ProductionSandbox`, `Xcode`...; absent in 2010-era receipts.
    public var receiptType: String?
    /// 1, undocumented; 0 outside production.
    public var appItemID: Int64?
    /// 2.
    public var bundleID: String?
    /// 2, as the value octets (the whole DER string element), which the device hash covers.
    public var bundleIDData: [UInt8]?
    /// 3.
    public var applicationVersion: String?
    /// 4, raw value octets, whatever ASN.1 they hold (an INTEGER in a 2010 receipt).
    public var opaqueValue: [UInt8]?
    /// 5, raw value octets.
    public var sha1Hash: [UInt8]?
    /// 10, undocumented.
    public var ageRating: String?
    /// 12.
    public var receiptCreationDate: Date?
    /// 17, in input order, all decoded (a receipt of many reads them from its payload as `purchases`).
    public var inApp: [InAppPurchase] {
        get { purchases.array }
        set { purchases = InAppPurchases(newValue) }
    }
    /// The same purchases, read from the payload when asked for past `Limits.maximumDecodedPurchases`.
    public package(set) var purchases: InAppPurchases
    /// 18.
    public var originalPurchaseDate: Date?
    /// 19; absent in Xcode receipts.
    public var originalApplicationVersion: String?
    /// 21.
    public var expirationDate: Date?
    /// Every other attribute type, as the raw value octets, in input order per type.
    public var unknownAttributes: [Int64: [[UInt8]]] {
        get { undocumented.dictionary }
        set { undocumented = UndocumentedAttributes(newValue) }
    }
    /// The same attributes as ranges of the payload, copied only when `unknownAttributes` is read.
    package var undocumented: UndocumentedAttributes

    /// Derived from `receiptType` rather than stored, so the two can never disagree.
    public var environment: ReceiptEnvironment { ReceiptEnvironment(receiptType: receiptType) }

    /// A payload of these fields, each one not given absent (nil), as a receipt may omit it.
    public init(
        receiptType: String? = nil, appItemID: Int64? = nil, bundleID: String? = nil, bundleIDData: [UInt8]? = nil,
        applicationVersion: String? = nil, opaqueValue: [UInt8]? = nil, sha1Hash: [UInt8]? = nil,
        ageRating: String? = nil, receiptCreationDate: Date? = nil, inApp: [InAppPurchase] = [],
        originalPurchaseDate: Date? = nil, originalApplicationVersion: String? = nil, expirationDate: Date? = nil,
        unknownAttributes: [Int64: [[UInt8]]] = [:]
    ) {
        self.receiptType = receiptType
        self.appItemID = appItemID
        self.bundleID = bundleID
        self.bundleIDData = bundleIDData
        self.applicationVersion = applicationVersion
        self.opaqueValue = opaqueValue
        self.sha1Hash = sha1Hash
        self.ageRating = ageRating
        self.receiptCreationDate = receiptCreationDate
        self.purchases = InAppPurchases(inApp)
        self.originalPurchaseDate = originalPurchaseDate
        self.originalApplicationVersion = originalApplicationVersion
        self.expirationDate = expirationDate
        self.undocumented = UndocumentedAttributes(unknownAttributes)
    }

    /// Names follow Apple's verifyReceipt `receipt` object; spelt out so a rename cannot change the JSON.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        /// `receipt_type` (0).
        case receiptType = "receipt_type"
        /// `environment`, derived from `receipt_type`: written, and ignored when read.
        case environment
        /// `app_item_id` (1).
        case appItemID = "app_item_id"
        /// `bundle_id` (2).
        case bundleID = "bundle_id"
        /// `bundle_id_data` (2, as octets).
        case bundleIDData = "bundle_id_data"
        /// `application_version` (3).
        case applicationVersion = "application_version"
        /// `opaque_value` (4).
        case opaqueValue = "opaque_value"
        /// `sha1_hash` (5).
        case sha1Hash = "sha1_hash"
        /// `age_rating` (10).
        case ageRating = "age_rating"
        /// `receipt_creation_date` (12).
        case receiptCreationDate = "receipt_creation_date"
        /// `in_app` (17).
        case inApp = "in_app"
        /// `original_purchase_date` (18).
        case originalPurchaseDate = "original_purchase_date"
        /// `original_application_version` (19).
        case originalApplicationVersion = "original_application_version"
        /// `expiration_date` (21).
        case expirationDate = "expiration_date"
        /// `unknown_attributes`: every other attribute type.
        case unknownAttributes = "unknown_attributes"
    }

    static let knownTypes = Set(ReceiptField.allCases.map(\.rawValue))

    public init(from decoder: any Decoder) throws {
        try ReceiptJSON.rejectUnknownKeys(decoder, known: CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        receiptType = try container.decodeIfPresent(String.self, forKey: .receiptType)
        // Written for readers of the JSON; the model derives it again from receipt_type.
        _ = try container.decodeIfPresent(ReceiptEnvironment.self, forKey: .environment)
        appItemID = try container.decodeIfPresent(Int64.self, forKey: .appItemID)
        bundleID = try container.decodeIfPresent(String.self, forKey: .bundleID)
        bundleIDData = try container.decodeHexIfPresent(forKey: .bundleIDData)
        applicationVersion = try container.decodeIfPresent(String.self, forKey: .applicationVersion)
        opaqueValue = try container.decodeHexIfPresent(forKey: .opaqueValue)
        sha1Hash = try container.decodeHexIfPresent(forKey: .sha1Hash)
        ageRating = try container.decodeIfPresent(String.self, forKey: .ageRating)
        receiptCreationDate = try container.decodeDateIfPresent(forKey: .receiptCreationDate)
        purchases = InAppPurchases(try container.decodeIfPresent([InAppPurchase].self, forKey: .inApp) ?? [])
        originalPurchaseDate = try container.decodeDateIfPresent(forKey: .originalPurchaseDate)
        originalApplicationVersion = try container.decodeIfPresent(String.self, forKey: .originalApplicationVersion)
        expirationDate = try container.decodeDateIfPresent(forKey: .expirationDate)
        undocumented = UndocumentedAttributes(
            try container.decodeUnknownAttributes(forKey: .unknownAttributes, knownTypes: Self.knownTypes))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(receiptType, forKey: .receiptType)
        try container.encode(environment, forKey: .environment)
        try container.encodeIfPresent(appItemID, forKey: .appItemID)
        try container.encodeIfPresent(bundleID, forKey: .bundleID)
        try container.encodeHexIfPresent(bundleIDData, forKey: .bundleIDData)
        try container.encodeIfPresent(applicationVersion, forKey: .applicationVersion)
        try container.encodeHexIfPresent(opaqueValue, forKey: .opaqueValue)
        try container.encodeHexIfPresent(sha1Hash, forKey: .sha1Hash)
        try container.encodeIfPresent(ageRating, forKey: .ageRating)
        try container.encodeDateIfPresent(receiptCreationDate, forKey: .receiptCreationDate)
        try container.encode(purchases, forKey: .inApp)
        try container.encodeDateIfPresent(originalPurchaseDate, forKey: .originalPurchaseDate)
        try container.encodeIfPresent(originalApplicationVersion, forKey: .originalApplicationVersion)
        try container.encodeDateIfPresent(expirationDate, forKey: .expirationDate)
        try container.encodeUnknownAttributes(unknownAttributes, forKey: .unknownAttributes)
    }
}
