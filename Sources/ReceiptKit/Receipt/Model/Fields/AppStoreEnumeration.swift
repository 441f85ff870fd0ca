/// A set of values Apple documents for a member (a transaction's `type`, `offerType`, `environment`...):
/// one case per value, its raw value beside it, so a value is spelt once. A model's member holds an
/// `AppStoreValue` of it, which also keeps a value this version does not know.
public protocol AppStoreEnumeration: RawRepresentable, CaseIterable, Sendable, Hashable
where RawValue: Sendable & Hashable & Codable {
    /// Whether two raw values are the same value as signed. Given for the two raw types Apple writes, a
    /// JSON string and integer, so an enumeration of another raw type does not compile.
    static func isIdentical(_ raw: RawValue, _ other: RawValue) -> Bool
}

extension AppStoreEnumeration where RawValue == String {
    /// The same bytes, as every identifier in signed data is compared here: Swift's `==` would also match
    /// canonically equivalent text.
    public static func isIdentical(_ raw: String, _ other: String) -> Bool { raw.isIdentical(to: other) }
}

extension AppStoreEnumeration where RawValue == Int64 {
    /// The same number.
    public static func isIdentical(_ raw: Int64, _ other: Int64) -> Bool { raw == other }
}
