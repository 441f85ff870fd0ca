/// What an Advanced Commerce API transaction bought (`AdvancedCommerceTransactionInfo`, 2025).
public struct AdvancedCommerceTransactionInfo: Sendable, Equatable, Codable {
    /// What the purchase shows the customer.
    public private(set) var descriptors: AdvancedCommerceDescriptors?
    /// The estimated tax in milliunits of the currency.
    public private(set) var estimatedTax: Int64?
    /// The items bought, in order.
    public private(set) var items: [AdvancedCommerceTransactionItem]?
    /// A subscription's period: one of ``AdvancedCommercePeriod``.
    public private(set) var period: AppStoreValue<AdvancedCommercePeriod>?
    /// The app's identifier of the request that made the purchase.
    public private(set) var requestReferenceId: String?
    /// The tax code of the purchase.
    public private(set) var taxCode: String?
    /// The price before tax in milliunits of the currency.
    public private(set) var taxExclusivePrice: Int64?
    /// The tax rate, as a decimal string.
    public private(set) var taxRate: String?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension AdvancedCommerceTransactionInfo: MemberFieldModel {
    /// Reads the object as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension AdvancedCommerceTransactionInfo: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<AdvancedCommerceTransactionInfo>] = [
        .model("descriptors", { $0.descriptors }, { $0.descriptors = $1 }),
        .integer("estimatedTax", { $0.estimatedTax }, { $0.estimatedTax = $1 }),
        .models("items", { $0.items }, { $0.items = $1 }),
        .enumeration("period", { $0.period }, { $0.period = $1 }),
        .string("requestReferenceId", { $0.requestReferenceId }, { $0.requestReferenceId = $1 }),
        .string("taxCode", { $0.taxCode }, { $0.taxCode = $1 }),
        .integer("taxExclusivePrice", { $0.taxExclusivePrice }, { $0.taxExclusivePrice = $1 }),
        .string("taxRate", { $0.taxRate }, { $0.taxRate = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
