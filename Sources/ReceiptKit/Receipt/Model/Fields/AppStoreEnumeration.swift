/// The values Apple documents for a member, each raw value spelt once; a model holds an `AppStoreValue`
/// of it, which also keeps a value this version does not know.
public protocol AppStoreEnumeration: RawRepresentable, CaseIterable, Sendable, Hashable
where RawValue: Sendable & Hashable & Codable {
    /// Whether two raw values are the same as signed; given only for Apple's raw types, string and integer.
    static func isIdentical(_ raw: RawValue, _ other: RawValue) -> Bool
}

extension AppStoreEnumeration where RawValue == String {
    /// The same bytes: Swift's `==` would also match canonically equivalent text.
    public static func isIdentical(_ raw: String, _ other: String) -> Bool { raw.isIdentical(to: other) }
}

extension AppStoreEnumeration where RawValue == Int64 {
    /// The same number.
    public static func isIdentical(_ raw: Int64, _ other: Int64) -> Bool { raw == other }
}
