import ReceiptKit

extension JSONValue {
    /// A server response's unsigned member as a person reads it (text, number, yes or no), in every
    /// format that shows one; nil for what has no one-line form.
    var shown: String? {
        switch self {
        case .string(let text): text
        case .integer(let number): String(number)
        case .bool(let flag): flag ? "yes" : "no"
        default: nil
        }
    }
}
