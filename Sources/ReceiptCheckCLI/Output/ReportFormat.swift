import ReceiptKit

/// One way a run prints a verdict (a `--format`), picked in one place (`BatchOptionTable.OutputFormat.printer`),
/// so that no command asks which format it prints.
protocol ReportFormat: Sendable {
    /// Whether a malformed input's message is also an error line on standard error (NDJSON keeps each
    /// input to its own line).
    var echoesMalformedInputs: Bool { get }

    /// Writes the verdict into `result.output` (ending in a newline) with any error line or worse status; `bytes`:
    /// the input as read (the verifyReceipt body reads it); `detailed`: inspect's full listing.
    func render(_ verdict: Verdict, name: String, bytes: [UInt8], detailed: Bool, into result: inout BatchResult)

    /// What a run writes before its first report: HTML's document head; nothing for the others.
    var opening: String { get }

    /// What a run writes after its last report, given its counts: HTML's summary and end; nothing for the others.
    func closing(_ summary: BatchSummary) -> String

    /// Writes a report that is a whole output (a combined verdict, a whole history) to `console`, its
    /// counts already in `result`: rendered between `opening` and `closing`; JSON streams it.
    func write(
        whole verdict: Verdict, name: String, detailed: Bool, to console: Console, into result: inout BatchResult)

    /// An API answer Apple does not sign, as this format shows it; nil when it cannot be encoded.
    func unsigned(_ answer: UnsignedAnswer) -> String?

    /// Each input gets its own answer, which one decision over several inputs (`--combine`) cannot give.
    var answersPerInput: Bool { get }
}

extension ReportFormat {
    var echoesMalformedInputs: Bool { true }

    var opening: String { "" }

    func closing(_ summary: BatchSummary) -> String { "" }

    var answersPerInput: Bool { false }

    func write(
        whole verdict: Verdict, name: String, detailed: Bool, to console: Console, into result: inout BatchResult
    ) {
        render(verdict, name: name, bytes: [], detailed: detailed, into: &result)
        // Written in turn, not joined: a combined report can be large, and joining copied it whole.
        if !opening.isEmpty { console.out(opening) }
        console.out(bytes: result.output)
        let closing = closing(BatchSummary(counting: 1))
        if !closing.isEmpty { console.out(closing) }
    }

    /// The text report's form: a format without its own (verifyreceipt, which `api` refuses) shows it.
    func unsigned(_ answer: UnsignedAnswer) -> String? {
        TextReportFormat().unsigned(answer)
    }
}

extension BatchOptionTable.OutputFormat {
    var printer: any ReportFormat {
        switch self {
        case .text: TextReportFormat()
        case .json: JSONReportFormat(pretty: true)
        case .ndjson: JSONReportFormat(pretty: false)
        case .verifyReceipt: VerifyReceiptOutput()
        case .html(let collapsed): HTMLReportFormat(collapsed: collapsed)
        }
    }
}
