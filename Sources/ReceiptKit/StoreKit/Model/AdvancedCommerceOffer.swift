/// A discount on an Advanced Commerce item (Apple's `AdvancedCommerceOffer`).
public struct AdvancedCommerceOffer: Sendable, Equatable, Codable {
    /// The length of one discounted period: one of ``AdvancedCommerceOfferPeriod``.
    public private(set) var period: AppStoreValue<AdvancedCommerceOfferPeriod>?
    /// How many periods the offer lasts.
    public private(set) var periodCount: Int64?
    /// The discounted price in milliunits of the currency.
    public private(set) var price: Int64?
    /// Why the offer is made: one of ``AdvancedCommerceOfferReason``.
    public private(set) var reason: AppStoreValue<AdvancedCommerceOfferReason>?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension AdvancedCommerceOffer: MemberFieldModel {
    /// Reads the object as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension AdvancedCommerceOffer: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<AdvancedCommerceOffer>] = [
        .enumeration("period", { $0.period }, { $0.period = $1 }),
        .integer("periodCount", { $0.periodCount }, { $0.periodCount = $1 }),
        .integer("price", { $0.price }, { $0.price = $1 }),
        .enumeration("reason", { $0.reason }, { $0.reason = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
