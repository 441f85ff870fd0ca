import ReceiptKit

extension ValidationReport.Status {
    /// The input never decoded, so no check could judge it: `inspect` fails only these.
    var isUndecoded: Bool {
        switch self {
        case .malformed, .unreadable: true
        case .valid, .invalid: false
        }
    }
}
