#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a receipt says it was issued (attribute 0): an unverified claim that must never choose the trust root.
public enum ReceiptEnvironment: String, Sendable, Codable, CaseIterable {
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

    /// A StoreKit 2 `environment` or `receiptType` as Apple writes it (`LocalTesting` is also `.xcode`).
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
    /// 15, undocumented: the download's identifier, Apple's verifyReceipt `download_id`; 0 outside production.
    public var downloadID: Int64?
    /// 16, undocumented: Apple's verifyReceipt `version_external_identifier`; 0 outside production.
    public var versionExternalIdentifier: Int64?
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
        downloadID: Int64? = nil, versionExternalIdentifier: Int64? = nil, unknownAttributes: [Int64: [[UInt8]]] = [:]
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
        self.downloadID = downloadID
        self.versionExternalIdentifier = versionExternalIdentifier
        self.undocumented = UndocumentedAttributes(unknownAttributes)
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fieldsFrom: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension ParsedReceipt: ReceiptFieldModel {
    /// Keys follow Apple's verifyReceipt `receipt` object; types 0, 1, 10, 15 and 16 are undocumented but stable.
    /// Opaque value and SHA-1 hash stay raw: a 2010 receipt carries its opaque value as an INTEGER.
    package static let fields: [ModelField<ParsedReceipt>] = [
        .string("age_rating", 10, { $0.ageRating }, { $0.ageRating = $1 }),
        .integer("app_item_id", 1, { $0.appItemID }, { $0.appItemID = $1 }),
        .string("application_version", 3, { $0.applicationVersion }, { $0.applicationVersion = $1 }),
        .string("bundle_id", 2, { $0.bundleID }, { $0.bundleID = $1 }),
        .octets("bundle_id_data", 2, { $0.bundleIDData }, { $0.bundleIDData = $1 }),
        .integer("download_id", 15, { $0.downloadID }, { $0.downloadID = $1 }),
        .string("environment") { $0.environment.rawValue }
            .decoded(by: .derived(ReceiptEnvironment.allCases.map(\.rawValue))),
        .date("expiration_date", 21, { $0.expirationDate }, { $0.expirationDate = $1 }),
        .purchases(purchasesKey, purchaseAttribute, { $0.purchases }, { $0.purchases = $1 }),
        .octets("opaque_value", 4, { $0.opaqueValue }, { $0.opaqueValue = $1 }),
        .string(
            "original_application_version", 19, { $0.originalApplicationVersion },
            { $0.originalApplicationVersion = $1 }),
        .date("original_purchase_date", 18, { $0.originalPurchaseDate }, { $0.originalPurchaseDate = $1 }),
        .date("receipt_creation_date", 12, { $0.receiptCreationDate }, { $0.receiptCreationDate = $1 }),
        .string(
            "receipt_type", 0, description: "field 0: Production, ProductionSandbox, Xcode, ...",
            { $0.receiptType }, { $0.receiptType = $1 }),
        .octets("sha1_hash", 5, { $0.sha1Hash }, { $0.sha1Hash = $1 }),
        .undocumented("unknown_attributes", { $0.undocumented }, { $0.undocumented = $1 }),
        .integer(
            "version_external_identifier", 16, { $0.versionExternalIdentifier }, { $0.versionExternalIdentifier = $1 }
        ),
    ]

    package static let attributeFields = AttributeFields(fields, base: 0)

    /// The in-app purchases' key and attribute type, which repeats: the decoder reads purchases alone too.
    static let purchasesKey: StaticString = "in_app"
    static let purchaseAttribute: Int64 = 17

    /// Every field absent, assigned directly as `InAppPurchase.init()` is: the decoder starts from this.
    package init() {
        purchases = InAppPurchases()
        undocumented = UndocumentedAttributes()
    }
}
