/// One item an Advanced Commerce subscription renews (Apple's `AdvancedCommerceRenewalItem`).
public struct AdvancedCommerceRenewalItem: Sendable, Equatable, Codable {
    /// The item's SKU, as the app named it (Apple's `SKU`).
    public private(set) var sku: String?
    /// The description shown.
    public private(set) var description: String?
    /// The name shown.
    public private(set) var displayName: String?
    /// The discount the renewal applies.
    public private(set) var offer: AdvancedCommerceOffer?
    /// The renewal price in milliunits of the currency.
    public private(set) var price: Int64?
    /// A price increase of the item.
    public private(set) var priceIncreaseInfo: AdvancedCommercePriceIncreaseInfo?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension AdvancedCommerceRenewalItem: MemberFieldModel {
    /// Reads the object as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }

    /// Written through the fields, so `sku` is written as Apple's `SKU`.
    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension AdvancedCommerceRenewalItem: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<AdvancedCommerceRenewalItem>] = [
        .string("SKU", { $0.sku }, { $0.sku = $1 }),
        .string("description", { $0.description }, { $0.description = $1 }),
        .string("displayName", { $0.displayName }, { $0.displayName = $1 }),
        .model("offer", { $0.offer }, { $0.offer = $1 }),
        .integer("price", { $0.price }, { $0.price = $1 }),
        .model("priceIncreaseInfo", { $0.priceIncreaseInfo }, { $0.priceIncreaseInfo = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
