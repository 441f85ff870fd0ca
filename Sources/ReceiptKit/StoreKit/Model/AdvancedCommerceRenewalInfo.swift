/// What an Advanced Commerce API subscription renews (Apple's `AdvancedCommerceRenewalInfo`, 2025).
public struct AdvancedCommerceRenewalInfo: Sendable, Equatable, Codable {
    /// The token a change request to the subscription must carry.
    public private(set) var consistencyToken: String?
    /// What the subscription shows the customer.
    public private(set) var descriptors: AdvancedCommerceDescriptors?
    /// The items it renews, in order.
    public private(set) var items: [AdvancedCommerceRenewalItem]?
    /// The subscription's period: one of ``AdvancedCommercePeriod``.
    public private(set) var period: AppStoreValue<AdvancedCommercePeriod>?
    /// The app's identifier of the request that last changed the subscription.
    public private(set) var requestReferenceId: String?
    /// The tax code of the subscription.
    public private(set) var taxCode: String?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension AdvancedCommerceRenewalInfo: MemberFieldModel {
    /// Reads the object as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension AdvancedCommerceRenewalInfo: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<AdvancedCommerceRenewalInfo>] = [
        .string("consistencyToken", { $0.consistencyToken }, { $0.consistencyToken = $1 }),
        .model("descriptors", { $0.descriptors }, { $0.descriptors = $1 }),
        .models("items", { $0.items }, { $0.items = $1 }),
        .enumeration("period", { $0.period }, { $0.period = $1 }),
        .string("requestReferenceId", { $0.requestReferenceId }, { $0.requestReferenceId = $1 }),
        .string("taxCode", { $0.taxCode }, { $0.taxCode = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
