import ReceiptKit

/// What checking one input produced: the text to print and what it counts as.
struct BatchResult: Sendable {
    /// The rendered report, ending in a newline.
    var output: String
    /// An error line for standard error, without the `receipt-check: error: ` prefix.
    var error: String?
    var status: ExitStatus
    var reportStatus: ValidationReport.Status
    var reason: ReasonCode?

    /// What a worker delivers for an input it did not check because output already failed.
    static let skipped = BatchResult(
        output: "", error: nil, status: .ioError, reportStatus: .malformed, reason: nil)
}
