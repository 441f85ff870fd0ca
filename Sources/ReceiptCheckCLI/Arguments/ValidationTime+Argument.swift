import ReceiptKit

extension ValidationTime {
    /// Reads `--at`: `receipt`, `now` or an RFC 3339 time.
    init?(argument: String) {
        switch argument.lowercased() {
        case "receipt": self = .receiptCreationDate
        case "now": self = .now
        default:
            // `try?` flattens "invalid" and "empty" into nil: both are not a time.
            guard let date = try? RFC3339.parse(argument) else { return nil }
            self = .fixed(date)
        }
    }
}
