import ReceiptKit

/// A verdict as the text reports print it: `INVALID (bundle_id_mismatch)`.
enum VerdictText {
    /// The status in capitals, then its reason code unless it only repeats the status (`malformed`).
    static func render(_ status: ValidationReport.Status, reason: ReasonCode?) -> String {
        let word = status.rawValue.uppercased()
        guard let reason, !repeats(status, reason) else {
            return word
        }
        return word + " (\(reason.rawValue))"
    }

    /// Whether `reason` says no more than `status`: matched as values, so a batch's verdict lines build no
    /// strings to compare and a renamed code cannot make its status say itself twice.
    private static func repeats(_ status: ValidationReport.Status, _ reason: ReasonCode) -> Bool {
        switch (status, reason) {
        case (.malformed, .malformed), (.unreadable, .unreadableInput): true
        default: false
        }
    }
}
