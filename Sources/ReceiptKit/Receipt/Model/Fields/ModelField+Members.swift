/// The StoreKit 2 fields whose value is not one of JSON's kinds: an enum, a nested model, unknown members.
extension ModelField {
    /// A value Apple enumerates, written and read as its `String` raw value.
    static func enumeration<Known: AppStoreEnumeration>(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> AppStoreValue<Known>?,
        _ set: @escaping @Sendable (inout Model, AppStoreValue<Known>) -> Void
    ) -> Self where Known.RawValue == String {
        string(key, { get($0)?.rawValue }, { model, raw in set(&model, AppStoreValue(rawValue: raw)) })
    }

    /// A value Apple enumerates, written and read as its `Int64` raw value.
    static func enumeration<Known: AppStoreEnumeration>(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> AppStoreValue<Known>?,
        _ set: @escaping @Sendable (inout Model, AppStoreValue<Known>) -> Void
    ) -> Self where Known.RawValue == Int64 {
        integer(key, { get($0)?.rawValue }, { model, raw in set(&model, AppStoreValue(rawValue: raw)) })
    }

    /// A nested model, read through its own fields.
    static func model<Nested: MemberFieldModel>(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> Nested?,
        _ set: @escaping @Sendable (inout Model, Nested) -> Void
    ) -> Self {
        model(key, get).reading(by: .storing(set))
    }

    /// Nested models in order, each read through its own fields.
    static func models<Nested: MemberFieldModel>(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> [Nested]?,
        _ set: @escaping @Sendable (inout Model, [Nested]) -> Void
    ) -> Self {
        models(key, get).reading(by: .storing(set))
    }

    /// An object of a signed payload read through its model's fields and written as it came (`SignedMember`).
    static func signedMember<Nested: MemberFieldModel>(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> SignedMember<Nested>?,
        _ set: @escaping @Sendable (inout Model, SignedMember<Nested>) -> Void
    ) -> Self {
        json(key, { get($0)?.json }).reading(by: .storing(set))
    }

    /// Where the members no field names are kept, and printed.
    static func unknownMembers(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> [String: JSONValue]?,
        _ set: @escaping @Sendable (inout Model, [String: JSONValue]) -> Void
    ) -> Self {
        members(key, get).reading(by: .unknownMembers(set))
    }
}
