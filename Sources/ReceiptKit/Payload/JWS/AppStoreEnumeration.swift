/// A value Apple documents as an enumeration (a transaction's `type`, `offerType`, `environment`...): a
/// case for each documented value, and `other` for any value this version does not know, kept as it came.
///
/// Decoding never fails for a value of the raw type, and encoding writes the raw value exactly as
/// decoded, so a report shows what Apple signed whether or not this version knows it. A string matches a
/// documented value only when its bytes are the same (Swift's `==` would also match canonically
/// equivalent text), as every identifier in signed data is compared here.
///
/// A value's own `==` compares cases; generic code over `RawRepresentable` compares raw values. The two
/// agree for every value `init(rawValue:)` makes, which never makes an `other` of a documented value.
public protocol AppStoreEnumeration: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible
where RawValue: Sendable & Hashable & Codable {
    /// The documented values: every case but `other`.
    static var documented: [Self] { get }

    /// A value this version does not know, kept as it came.
    static func other(_ rawValue: RawValue) -> Self

    /// The documented case whose raw value is `rawValue`, else `other(rawValue)`: never nil.
    init(rawValue: RawValue)
}

extension AppStoreEnumeration where RawValue == String {
    /// The documented case whose raw value is the same bytes as `rawValue`, else `other(rawValue)`.
    public init(rawValue: String) {
        self = Self.documented.first { $0.rawValue.isIdentical(to: rawValue) } ?? .other(rawValue)
    }
}

extension AppStoreEnumeration where RawValue == Int64 {
    /// The documented case whose raw value is `rawValue`, else `other(rawValue)`.
    public init(rawValue: Int64) {
        self = Self.documented.first { $0.rawValue == rawValue } ?? .other(rawValue)
    }
}

extension AppStoreEnumeration {
    /// The raw value as text, as Apple writes it.
    public var description: String { "\(rawValue)" }

    /// Whether this version names the value: false for `other`.
    public var isDocumented: Bool { Self.documented.contains(self) }
}

// The models' synthesised `encode(to:)` picks these over the generic member: the raw value is written
// as the `String` or `Int64` the member was.
extension KeyedEncodingContainer {
    mutating func encodeIfPresent<E: AppStoreEnumeration>(_ value: E?, forKey key: Key) throws
    where E.RawValue == String {
        try encodeIfPresent(value?.rawValue, forKey: key)
    }

    mutating func encodeIfPresent<E: AppStoreEnumeration>(_ value: E?, forKey key: Key) throws
    where E.RawValue == Int64 {
        try encodeIfPresent(value?.rawValue, forKey: key)
    }
}
