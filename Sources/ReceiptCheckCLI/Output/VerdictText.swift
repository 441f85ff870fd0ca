import ReceiptKit

/// A verdict as the text reports print it: `INVALID (bundle_id_mismatch)`.
enum VerdictText {
    /// The status in capitals, then its reason code, left out where it only repeats the status
    /// (`malformed`, `unreadable_input`): the message on the next line says what is wrong.
    static func render(_ status: ValidationReport.Status, reason: ReasonCode?) -> String {
        let word = status.rawValue.uppercased()
        guard let reason, reason.rawValue != status.rawValue, reason.rawValue != status.rawValue + "_input" else {
            return word
        }
        return word + " (\(reason.rawValue))"
    }
}
