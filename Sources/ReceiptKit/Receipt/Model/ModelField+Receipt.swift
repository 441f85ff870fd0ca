#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The fields of the receipt models, one line each: key, attribute type, reader, setter.
extension ModelField {
    /// An INTEGER attribute.
    static func integer(
        _ key: StaticString, _ attribute: Int64, minimum: Int64? = nil, _ get: @escaping @Sendable (Model) -> Int64?,
        _ set: @escaping @Sendable (inout Model, Int64) -> Void
    ) -> Self {
        let field = integer(key, get)
        return Self(
            key: key, attribute: attribute, value: field.value, setter: .integer(set), minimum: minimum,
            write: field.write)
    }

    /// A UTF8String (or IA5String) attribute.
    static func string(
        _ key: StaticString, _ attribute: Int64, description: String? = nil,
        _ get: @escaping @Sendable (Model) -> String?,
        _ set: @escaping @Sendable (inout Model, consuming String) -> Void
    ) -> Self {
        let field = string(key, get)
        return Self(
            key: key, attribute: attribute, value: field.value, setter: .string(set), description: description,
            write: field.write)
    }

    /// An RFC 3339 date in an IA5String, empty when absent; outside the years 0000-9999 it is refused.
    static func date(
        _ key: StaticString, _ attribute: Int64, _ get: @escaping @Sendable (Model) -> Date?,
        _ set: @escaping @Sendable (inout Model, Date) -> Void
    ) -> Self {
        Self(key: key, attribute: attribute, value: { .receiptDate(get($0)) }, setter: .date(set)) {
            writer, key, model throws(CompactJSONWriter.DeclinedError) in
            guard let value = get(model) else { return }
            try writer.receiptDate(key, value)
        }
    }

    /// An INTEGER 0 or 1.
    static func boolean(
        _ key: StaticString, _ attribute: Int64, _ get: @escaping @Sendable (Model) -> Bool?,
        _ set: @escaping @Sendable (inout Model, Bool) -> Void
    ) -> Self {
        let field = bool(key, get)
        return Self(key: key, attribute: attribute, value: field.value, setter: .boolean(set), write: field.write)
    }

    /// The value octets kept raw, whatever they hold; written as hex.
    static func octets(
        _ key: StaticString, _ attribute: Int64, _ get: @escaping @Sendable (Model) -> [UInt8]?,
        _ set: @escaping @Sendable (inout Model, consuming [UInt8]) -> Void
    ) -> Self {
        Self(key: key, attribute: attribute, value: { .hex(get($0)) }, setter: .octets(set)) { writer, key, model in
            guard let value = get(model) else { return }
            writer.key(key)
            writer.hex(value[...])
        }
    }

    /// The in-app purchases, an attribute that repeats; always written, `[]` when there are none.
    static func purchases(
        _ key: StaticString, _ attribute: Int64, _ get: @escaping @Sendable (Model) -> InAppPurchases,
        _ set: @escaping @Sendable (inout Model, InAppPurchases) -> Void
    ) -> Self {
        Self(key: key, attribute: attribute, value: { .purchases(get($0)) }, setter: .purchases(set)) {
            writer, key, model throws(CompactJSONWriter.DeclinedError) in
            writer.key(key)
            try writer.array(get(model))
        }
    }

    /// The attributes no field names, by type: every receipt SET has them; `{}` when there are none.
    static func undocumented(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> UndocumentedAttributes,
        _ set: @escaping @Sendable (inout Model, UndocumentedAttributes) -> Void
    ) -> Self {
        Self(key: key, attribute: nil, value: { .undocumented(get($0)) }, setter: .undocumented(set)) {
            writer, key, model in
            writer.key(key)
            writer.undocumented(get(model))
        }
    }
}
