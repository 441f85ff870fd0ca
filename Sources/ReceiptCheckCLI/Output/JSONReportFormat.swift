import ReceiptKit

/// `--format json` (`--json`): one pretty JSON object per input; `--format ndjson`: one compact JSON object
/// a line, each input's whole story on its line.
struct JSONReportFormat: ReportFormat {
    let pretty: Bool

    /// NDJSON keeps each input to its own line, a malformed one's message included.
    var echoesMalformedInputs: Bool { pretty }

    /// The verdict's JSON; a verdict that cannot be encoded is an internal error.
    func render(_ verdict: Verdict, name: String, bytes: [UInt8], detailed: Bool, into result: inout BatchResult) {
        do {
            result.output = try verdict.jsonBytes(pretty: pretty)
        } catch {
            Self.failed(error, name: name, &result)
        }
    }

    /// Writes the verdict's JSON to `console` in chunks, for a report too large to hold whole as text (a
    /// combined one); a failed write stops it and is the console's to report.
    func write(
        whole verdict: Verdict, name: String, detailed: Bool, to console: Console, into result: inout BatchResult
    ) {
        do {
            try console.out(verdict, pretty: pretty)
        } catch {
            Self.failed(error, name: name, &result)
        }
    }

    /// The JSON of an answer Apple does not sign (`schema/api-unsigned.schema.json`), with its newline.
    func unsigned(_ answer: UnsignedAnswer) -> String? {
        APIResponseOutput.unsigned(operation: answer.operation, status: answer.status, response: answer.members)
            .json(pretty: pretty).map { $0 + "\n" }
    }

    private static func failed(_ error: any Error, name: String, _ result: inout BatchResult) {
        result.error = "\(name): cannot encode the report: \(error)"
        result.status = .internalError
    }
}
