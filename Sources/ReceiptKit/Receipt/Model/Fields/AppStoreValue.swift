/// A member Apple enumerates, as signed: `known` when this version documents the value, else `other`
/// with the value as it came, written back exactly, so a report shows what Apple signed.
///
/// ```swift
/// if case .known(.autoRenewable) = transaction.type { ... }
/// ```
public enum AppStoreValue<Known: AppStoreEnumeration>: Sendable, Hashable {
    /// A value this version documents.
    case known(Known)
    /// A value this version does not know, kept as it came.
    case other(Known.RawValue)

    /// The documented case whose raw value is the same bytes as `rawValue`, else `other(rawValue)`.
    public init(rawValue: Known.RawValue) {
        // Not `init?(rawValue:)`: its `==` takes a canonically equivalent spelling for the documented value.
        for known in Known.allCases where Known.isIdentical(known.rawValue, rawValue) {
            self = .known(known)
            return
        }
        self = .other(rawValue)
    }

    /// The value as Apple writes it.
    public var rawValue: Known.RawValue {
        switch self {
        case .known(let known): known.rawValue
        case .other(let raw): raw
        }
    }

    /// The documented case, nil for a value this version does not know.
    public var known: Known? {
        if case .known(let known) = self { known } else { nil }
    }
}

extension AppStoreValue: CustomStringConvertible {
    /// The raw value as text, as Apple writes it.
    public var description: String { "\(rawValue)" }
}

extension AppStoreValue: Codable {
    /// Reads the raw value; any value of the raw type is one.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Known.RawValue.self))
    }

    /// Writes the raw value exactly as decoded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
