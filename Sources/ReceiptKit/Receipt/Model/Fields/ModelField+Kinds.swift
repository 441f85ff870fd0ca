#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Fields by the kind of their value, one line each; each kind writes as `JSONEncoder` writes the property.
extension ModelField {
    static func string(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> String?,
        _ set: (@Sendable (inout Model, String) -> Void)? = nil
    ) -> Self {
        Self(key: key, attribute: nil, value: { .string(get($0)) }, setter: nil, member: .storing(set)) {
            writer, key, model in
            guard let value = get(model) else { return }
            writer.key(key)
            writer.string(value)
        }
    }

    static func integer(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> Int64?,
        _ set: (@Sendable (inout Model, Int64) -> Void)? = nil
    ) -> Self {
        Self(key: key, attribute: nil, value: { .integer(get($0)) }, setter: nil, member: .storing(set)) {
            writer, key, model in
            guard let value = get(model) else { return }
            writer.key(key)
            writer.integer(value)
        }
    }

    static func bool(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> Bool?,
        _ set: (@Sendable (inout Model, Bool) -> Void)? = nil
    ) -> Self {
        Self(key: key, attribute: nil, value: { .bool(get($0)) }, setter: nil, member: .storing(set)) {
            writer, key, model in
            guard let value = get(model) else { return }
            writer.key(key)
            writer.bool(value)
        }
    }

    /// A StoreKit 2 date: RFC 3339, or Xcode's placeholder.
    static func date(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> JWSDate?,
        _ set: (@Sendable (inout Model, JWSDate) -> Void)? = nil
    ) -> Self {
        Self(key: key, attribute: nil, value: { .date(get($0)) }, setter: nil, member: .storing(set)) {
            writer, key, model in
            guard let value = get(model) else { return }
            writer.key(key)
            writer.date(value)
        }
    }

    /// A report's own date: RFC 3339, left out where it cannot be.
    static func formattedDate(_ key: StaticString, _ get: @escaping @Sendable (Model) -> Date?) -> Self {
        Self(key: key, attribute: nil, value: { .formattedDate(get($0)) }, setter: nil) { writer, key, model in
            writer.formattedDate(key, get(model))
        }
    }

    /// A value kept as parsed JSON.
    static func json(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> JSONValue?,
        _ set: (@Sendable (inout Model, JSONValue) -> Void)? = nil
    ) -> Self {
        Self(key: key, attribute: nil, value: { .json(get($0)) }, setter: nil, member: .storing(set)) {
            writer, key, model throws(CompactJSONWriter.DeclinedError) in
            guard let value = get(model) else { return }
            writer.key(key)
            try writer.json(value)
        }
    }

    static func strings(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> [String]?,
        _ set: (@Sendable (inout Model, [String]) -> Void)? = nil
    ) -> Self {
        Self(key: key, attribute: nil, value: { .strings(get($0)) }, setter: nil, member: .storing(set)) {
            writer, key, model in
            guard let value = get(model) else { return }
            writer.key(key)
            writer.strings(value)
        }
    }

    /// Members kept as they came (a model's unknown members, a response's unsigned ones).
    static func members(_ key: StaticString, _ get: @escaping @Sendable (Model) -> [String: JSONValue]?) -> Self {
        Self(key: key, attribute: nil, value: { .members(get($0)) }, setter: nil) {
            writer, key, model throws(CompactJSONWriter.DeclinedError) in
            guard let value = get(model) else { return }
            writer.key(key)
            try writer.json(value)
        }
    }
}
