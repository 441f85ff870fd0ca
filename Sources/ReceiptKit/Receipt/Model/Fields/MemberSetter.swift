/// How a StoreKit 2 model stores a member of its JSON, by the field the member's name matches.
enum MemberSetter<Model>: Sendable {
    /// Converts the member's value to the field's kind and stores it; a value of another kind throws.
    case value(@Sendable (inout Model, JSONValue) throws(JSONTypeError) -> Void)
    /// Stores the members no field names, which the report prints under this field's key.
    case unknownMembers(@Sendable (inout Model, [String: JSONValue]) -> Void)
}

extension MemberSetter {
    /// Stores the member as `Value` reads it from JSON; nil for a field that is only written.
    static func storing<Value: JSONConvertible>(_ set: (@Sendable (inout Model, Value) -> Void)?) -> Self? {
        guard let set else { return nil }
        return .value { model, json throws(JSONTypeError) in set(&model, try Value(json: json)) }
    }
}
