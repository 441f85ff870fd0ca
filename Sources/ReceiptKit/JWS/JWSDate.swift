#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A StoreKit 2 date: milliseconds since 1970, possibly fractional (Xcode writes
/// `1697679936049.7297`), possibly Xcode's "no date" placeholder at the year 1.
public struct JWSDate: Sendable, Equatable, Codable {
    /// Earlier than this (about the year 1000) is not a date the App Store signs: Xcode writes
    /// `-62135769600000` (0000-12-30) for an AppTransaction's original purchase date.
    static let placeholderThreshold: Double = -30_000_000_000_000

    public let milliseconds: Double

    public init(milliseconds: Double) {
        self.milliseconds = milliseconds
    }

    /// True for Xcode's year-1 sentinel (or anything as far back).
    public var isPlaceholder: Bool { milliseconds < Self.placeholderThreshold }

    /// The instant, nil for a placeholder.
    public var date: Date? {
        isPlaceholder ? nil : Date(timeIntervalSince1970: milliseconds / 1000)
    }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Double.self)
        guard value.isFinite, abs(value) < 1e15 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(value) is not a date in milliseconds"))
        }
        self.init(milliseconds: value)
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
