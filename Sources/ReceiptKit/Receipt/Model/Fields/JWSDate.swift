#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A StoreKit 2 date: milliseconds since 1970, possibly fractional, possibly Xcode's placeholder at the year 1.
public struct JWSDate: Sendable, Equatable, Codable {
    /// Earlier than about the year 1000 is Xcode's placeholder (`-62135769600000`), not a signed date.
    static let placeholderThreshold: Double = -30_000_000_000_000

    /// Milliseconds since 1970-01-01T00:00:00Z, as Apple wrote them.
    public let milliseconds: Double

    /// A date of `milliseconds` since 1970.
    public init(milliseconds: Double) {
        self.milliseconds = milliseconds
    }

    /// True for Xcode's year-1 sentinel (or anything as far back).
    public var isPlaceholder: Bool { milliseconds < Self.placeholderThreshold }

    /// The instant, nil for a placeholder.
    public var date: Date? {
        isPlaceholder ? nil : Date(timeIntervalSince1970: milliseconds / 1000)
    }

    /// The end of the year 9999, the last RFC 3339 can write: anything later is malformed.
    static let latestMilliseconds: Double = 253_402_300_799_999

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Double.self)
        guard let date = JWSDate(checking: value) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(value) is not a date in milliseconds"))
        }
        self = date
    }

    /// A date in range, nil when not finite, after the year 9999 or before the year -9999.
    init?(checking milliseconds: Double) {
        guard milliseconds.isFinite, milliseconds <= Self.latestMilliseconds,
            milliseconds >= -Self.latestMilliseconds
        else { return nil }
        self.init(milliseconds: milliseconds)
    }

    /// RFC 3339 UTC; a placeholder is written as `"xcode_placeholder"` so no one reads it as a date.
    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        if let text = date.flatMap(RFC3339.format) {
            try single.encode(text)
        } else {
            try single.encode("xcode_placeholder")
        }
    }
}

extension JWSDate: JSONConvertible {
    init(json: JSONValue) throws(JSONTypeError) {
        guard let date = JWSDate(checking: try Double(json: json)) else {
            throw JSONTypeError(member: nil, expected: "a date in milliseconds up to the year 9999")
        }
        self = date
    }
}
