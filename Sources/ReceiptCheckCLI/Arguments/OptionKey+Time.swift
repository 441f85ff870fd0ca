import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension OptionKey where Value == Date {
    /// An RFC 3339 time, such as 2024-01-31T12:00:00Z.
    static func time(_ name: String, help: String) -> Self {
        parsed(name, "TIME", takes: "an RFC 3339 time such as 2024-01-31T12:00:00Z", help: help) { text in
            (try? RFC3339.parse(text)) ?? nil
        }
    }
}
