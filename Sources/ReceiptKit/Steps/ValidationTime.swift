#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The moment at which certificate validity is judged; by default the receipt's own creation date, since
/// Apple's signing certificates are short-lived.
public enum ValidationTime: Sendable, Equatable {
    /// The input's own date: a receipt's creation date, a JWS's signed date.
    case receiptCreationDate
    /// The current time.
    case now
    /// A moment the caller gives (replaying a past decision, tests).
    case fixed(Date)

    /// Where the time came from, as the report names it.
    public var source: String {
        switch self {
        case .receiptCreationDate: "receipt_creation_date"
        case .now: "now"
        case .fixed: "given"
        }
    }
}
