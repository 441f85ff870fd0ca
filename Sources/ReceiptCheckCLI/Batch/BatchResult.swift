import ReceiptKit

/// What checking one input produced: the text to print and what it counts as.
struct BatchResult: Sendable {
    /// The rendered report as UTF-8, ending in a newline: JSON's is the writer's buffer, printed as it is.
    var output: [UInt8]
    /// An error line for standard error, without the `receipt-check: error: ` prefix.
    var error: String?
    var status: ExitStatus
    var reportStatus: ValidationReport.Status
    var reason: ReasonCode?

    /// What a worker delivers for an input it did not check because output already failed.
    static let skipped = BatchResult(
        output: [], error: nil, status: .ioError, reportStatus: .malformed, reason: nil)

    /// The report without its newline, as a served answer's body.
    var body: String { String(decoding: output.last == 0x0A ? output.dropLast() : output[...], as: UTF8.self) }
}
