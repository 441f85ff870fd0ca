/// The fields of the StoreKit 2 models, one line each: the member's name, how the value is read for
/// writing, and how a decoded one is stored. The member's value is converted to the field's kind first;
/// a value of another kind is an error naming the member.
extension ModelField {
    /// Stores the member as `Value` reads it from JSON.
    private func reading<Value: JSONConvertible>(_ set: @escaping @Sendable (inout Model, Value) -> Void) -> Self {
        reading(by: .value { model, json throws(JSONTypeError) in set(&model, try Value(json: json)) })
    }

    static func string(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> String?,
        _ set: @escaping @Sendable (inout Model, String) -> Void
    ) -> Self {
        string(key, get).reading(set)
    }

    static func integer(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> Int64?,
        _ set: @escaping @Sendable (inout Model, Int64) -> Void
    ) -> Self {
        integer(key, get).reading(set)
    }

    static func bool(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> Bool?,
        _ set: @escaping @Sendable (inout Model, Bool) -> Void
    ) -> Self {
        bool(key, get).reading(set)
    }

    static func date(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> JWSDate?,
        _ set: @escaping @Sendable (inout Model, JWSDate) -> Void
    ) -> Self {
        date(key, get).reading(set)
    }

    static func json(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> JSONValue?,
        _ set: @escaping @Sendable (inout Model, JSONValue) -> Void
    ) -> Self {
        json(key, get).reading(set)
    }

    static func strings(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> [String]?,
        _ set: @escaping @Sendable (inout Model, [String]) -> Void
    ) -> Self {
        strings(key, get).reading(set)
    }

    /// A value Apple enumerates, written and read as its `String` raw value.
    static func enumeration<Value: AppStoreEnumeration>(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> Value?,
        _ set: @escaping @Sendable (inout Model, Value) -> Void
    ) -> Self where Value.RawValue == String {
        string(key) { get($0)?.rawValue }.reading { (model, raw: String) in set(&model, Value(rawValue: raw)) }
    }

    /// A value Apple enumerates, written and read as its `Int64` raw value.
    static func enumeration<Value: AppStoreEnumeration>(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> Value?,
        _ set: @escaping @Sendable (inout Model, Value) -> Void
    ) -> Self where Value.RawValue == Int64 {
        integer(key) { get($0)?.rawValue }.reading { (model, raw: Int64) in set(&model, Value(rawValue: raw)) }
    }

    /// A nested model, read through its own fields.
    static func model<Nested: MemberFieldModel>(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> Nested?,
        _ set: @escaping @Sendable (inout Model, Nested) -> Void
    ) -> Self {
        model(key, get).reading(set)
    }

    /// Where the members no field names are kept, and printed.
    static func unknownMembers(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> [String: JSONValue]?,
        _ set: @escaping @Sendable (inout Model, [String: JSONValue]) -> Void
    ) -> Self {
        members(key, get).reading(by: .unknownMembers(set))
    }
}
