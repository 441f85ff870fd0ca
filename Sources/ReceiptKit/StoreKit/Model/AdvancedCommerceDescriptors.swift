/// What an Advanced Commerce purchase shows the customer (Apple's `AdvancedCommerceDescriptors`).
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
public struct AdvancedCommerceDescriptors: Sendable, Equatable, Codable {
    /// The description shown.
    public private(set) var description: String?
    /// The name shown.
    public private(set) var displayName: String?
    /// Members not listed above, as they came. Reports print them under `unknownFields`, where
    /// `Decodable` reads them back.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; the decoder fills it
    /// with the members this type does not name.
    private var unknownFields: [String: JSONValue]?
}

extension AdvancedCommerceDescriptors: MemberFieldModel {
    /// Reads the object as Apple writes it, through the same fields; `unknownFields` is read as the member
    /// a report writes it as.
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
