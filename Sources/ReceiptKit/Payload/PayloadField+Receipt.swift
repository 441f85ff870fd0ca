#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The fields of the receipt models, one line each: the key, the attribute type, how the value is read,
/// how it is stored.
extension PayloadField {
    /// An INTEGER attribute.
    static func integer(
        _ key: StaticString, _ attribute: Int64, minimum: Int64? = nil, _ get: @escaping @Sendable (Model) -> Int64?,
        _ set: @escaping @Sendable (inout Model, Int64) -> Void
    ) -> Self {
        Self(key: key, attribute: attribute, value: { .integer(get($0)) }, setter: .integer(set), minimum: minimum)
    }

    /// A UTF8String (or IA5String) attribute.
    static func string(
        _ key: StaticString, _ attribute: Int64, description: String? = nil,
        _ get: @escaping @Sendable (Model) -> String?,
        _ set: @escaping @Sendable (inout Model, consuming String) -> Void
    ) -> Self {
        Self(
            key: key, attribute: attribute, value: { .string(get($0)) }, setter: .string(set), description: description)
    }

    /// An RFC 3339 date in an IA5String; an empty one is absent.
    static func date(
        _ key: StaticString, _ attribute: Int64, _ get: @escaping @Sendable (Model) -> Date?,
        _ set: @escaping @Sendable (inout Model, Date) -> Void
    ) -> Self {
        Self(key: key, attribute: attribute, value: { .receiptDate(get($0)) }, setter: .date(set))
    }

    /// An INTEGER 0 or 1.
    static func boolean(
        _ key: StaticString, _ attribute: Int64, _ get: @escaping @Sendable (Model) -> Bool?,
        _ set: @escaping @Sendable (inout Model, Bool) -> Void
    ) -> Self {
        Self(key: key, attribute: attribute, value: { .bool(get($0)) }, setter: .boolean(set))
    }

    /// The value octets kept raw, whatever they hold; written as hex.
    static func octets(
        _ key: StaticString, _ attribute: Int64, _ get: @escaping @Sendable (Model) -> [UInt8]?,
        _ set: @escaping @Sendable (inout Model, consuming [UInt8]) -> Void
    ) -> Self {
        Self(key: key, attribute: attribute, value: { .hex(get($0)) }, setter: .octets(set))
    }

    /// The attributes no field names, by type: every receipt SET has them.
    static func undocumented(
        _ key: StaticString, _ get: @escaping @Sendable (Model) -> UndocumentedAttributes,
        _ set: @escaping @Sendable (inout Model, UndocumentedAttributes) -> Void
    ) -> Self {
        Self(key: key, attribute: nil, value: { .undocumented(get($0)) }, setter: .undocumented(set))
    }
}
