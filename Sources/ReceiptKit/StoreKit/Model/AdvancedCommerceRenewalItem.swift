/// One item an Advanced Commerce subscription renews (Apple's `AdvancedCommerceRenewalItem`).
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
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
    /// Members not listed above, as they came. Reports print them under `unknownFields`, where
    /// `Decodable` reads them back.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; the decoder fills it
    /// with the members this type does not name.
    private var unknownFields: [String: JSONValue]?
}

extension AdvancedCommerceRenewalItem: MemberFieldModel {
    /// Reads the object as Apple writes it, through the same fields; `unknownFields` is read as the member
    /// a report writes it as.
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
