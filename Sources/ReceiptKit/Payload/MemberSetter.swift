/// How a StoreKit 2 model stores a member of its JSON, by the field the member's name matches.
enum MemberSetter<Model>: Sendable {
    /// Converts the member's value to the field's kind and stores it; a value of another kind throws.
    case value(@Sendable (inout Model, JSONValue) throws(JSONTypeError) -> Void)
    /// Stores the members no field names, which the report prints under this field's key.
    case unknownMembers(@Sendable (inout Model, [String: JSONValue]) -> Void)
}
