/// A refund of an Advanced Commerce item (Apple's `AdvancedCommerceRefund`).
public struct AdvancedCommerceRefund: Sendable, Equatable, Codable {
    /// The amount refunded in milliunits of the currency.
    public private(set) var refundAmount: Int64?
    /// When the App Store refunded it.
    public private(set) var refundDate: JWSDate?
    /// Why: one of ``AdvancedCommerceRefundReason``.
    public private(set) var refundReason: AppStoreValue<AdvancedCommerceRefundReason>?
    /// How much: one of ``AdvancedCommerceRefundType``.
    public private(set) var refundType: AppStoreValue<AdvancedCommerceRefundType>?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension AdvancedCommerceRefund: MemberFieldModel {
    /// Reads the object as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension AdvancedCommerceRefund: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<AdvancedCommerceRefund>] = [
        .integer("refundAmount", { $0.refundAmount }, { $0.refundAmount = $1 }),
        .date("refundDate", { $0.refundDate }, { $0.refundDate = $1 }),
        .enumeration("refundReason", { $0.refundReason }, { $0.refundReason = $1 }),
        .enumeration("refundType", { $0.refundType }, { $0.refundType = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
