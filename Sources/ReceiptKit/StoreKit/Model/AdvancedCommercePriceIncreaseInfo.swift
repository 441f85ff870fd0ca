/// A price increase of an Advanced Commerce renewal item (Apple's `AdvancedCommercePriceIncreaseInfo`).
public struct AdvancedCommercePriceIncreaseInfo: Sendable, Equatable, Codable {
    /// The SKUs whose price rises with it.
    public private(set) var dependentSKUs: [String]?
    /// The new price in milliunits of the currency.
    public private(set) var price: Int64?
    /// Where the increase stands: one of ``AdvancedCommercePriceIncreaseStatus``.
    public private(set) var status: AppStoreValue<AdvancedCommercePriceIncreaseStatus>?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension AdvancedCommercePriceIncreaseInfo: MemberFieldModel {
    /// Reads the object as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension AdvancedCommercePriceIncreaseInfo: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<AdvancedCommercePriceIncreaseInfo>] = [
        .strings("dependentSKUs", { $0.dependentSKUs }, { $0.dependentSKUs = $1 }),
        .integer("price", { $0.price }, { $0.price = $1 }),
        .enumeration("status", { $0.status }, { $0.status = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
