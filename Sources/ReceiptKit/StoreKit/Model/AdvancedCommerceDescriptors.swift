/// What an Advanced Commerce purchase shows the customer (Apple's `AdvancedCommerceDescriptors`).
public struct AdvancedCommerceDescriptors: Sendable, Equatable, Codable {
    /// The description shown.
    public private(set) var description: String?
    /// The name shown.
    public private(set) var displayName: String?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension AdvancedCommerceDescriptors: MemberFieldModel {
    /// Reads the object as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension AdvancedCommerceDescriptors: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<AdvancedCommerceDescriptors>] = [
        .string("description", { $0.description }, { $0.description = $1 }),
        .string("displayName", { $0.displayName }, { $0.displayName = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
