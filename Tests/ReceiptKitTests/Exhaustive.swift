import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Tag {
    /// Every prefix, every bit flip: slow, and run by `make test` but not `make test-fast`.
    @Tag static var exhaustive: Self
}

/// Whether the exhaustive tests run: `make test-fast` (and `make mutation`) set
/// `RECEIPT_CHECK_SKIP_EXHAUSTIVE=1` to skip them; `make test` and CI run them.
enum Exhaustive {
    static let variable = "RECEIPT_CHECK_SKIP_EXHAUSTIVE"

    static var enabled: Bool { ProcessInfo.processInfo.environment[variable] != "1" }

    static let comment: Comment = "exhaustive: skipped by make test-fast (RECEIPT_CHECK_SKIP_EXHAUSTIVE=1)"
}
