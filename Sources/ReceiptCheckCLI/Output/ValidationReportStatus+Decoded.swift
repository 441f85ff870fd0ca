import ReceiptKit

extension ValidationReport.Status {
    /// Whether the input never decoded (malformed, or not read at all), so no check could judge it:
    /// `inspect` fails only these, and a batch says their message on standard error.
    var isUndecoded: Bool {
        switch self {
        case .malformed, .unreadable: true
        case .valid, .invalid: false
        }
    }
}
