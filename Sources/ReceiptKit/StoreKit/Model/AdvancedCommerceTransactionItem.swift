/// One item an Advanced Commerce transaction bought (Apple's `AdvancedCommerceTransactionItem`).
public struct AdvancedCommerceTransactionItem: Sendable, Equatable, Codable {
    /// The item's SKU, as the app named it (Apple's `SKU`).
    public private(set) var sku: String?
    /// The description shown.
    public private(set) var description: String?
    /// The name shown.
    public private(set) var displayName: String?
    /// The discount that applied.
    public private(set) var offer: AdvancedCommerceOffer?
    /// The price in milliunits of the currency.
    public private(set) var price: Int64?
    /// The refunds of the item, in order.
    public private(set) var refunds: [AdvancedCommerceRefund]?
    /// When the App Store revoked the item; absent while it stands.
    public private(set) var revocationDate: JWSDate?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension AdvancedCommerceTransactionItem: MemberFieldModel {
    /// Reads the object as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }

    /// Written through the fields, so `sku` is written as Apple's `SKU`.
    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension AdvancedCommerceTransactionItem: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<AdvancedCommerceTransactionItem>] = [
        .string("SKU", { $0.sku }, { $0.sku = $1 }),
        .string("description", { $0.description }, { $0.description = $1 }),
        .string("displayName", { $0.displayName }, { $0.displayName = $1 }),
        .model("offer", { $0.offer }, { $0.offer = $1 }),
        .integer("price", { $0.price }, { $0.price = $1 }),
        .models("refunds", { $0.refunds }, { $0.refunds = $1 }),
        .date("revocationDate", { $0.revocationDate }, { $0.revocationDate = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
