import ReceiptKit

/// `--format ndjson`: one compact JSON object a line, each input's whole story on its line.
struct NDJSONReportFormat: ReportFormat {
    var echoesMalformedInputs: Bool { false }

    func render(_ verdict: Verdict, name: String, bytes: [UInt8], detailed: Bool, into result: inout BatchResult) {
        JSONReportFormat.render(verdict, pretty: false, name: name, into: &result)
    }

    func write(
        whole verdict: Verdict, name: String, detailed: Bool, to console: Console, into result: inout BatchResult
    ) {
        JSONReportFormat.stream(verdict, pretty: false, name: name, to: console, into: &result)
    }

    func unsigned(_ answer: UnsignedAnswer) -> String? {
        JSONReportFormat.unsigned(answer, pretty: false)
    }
}
