import ReceiptKit

/// `--format json` (`--json`): one pretty JSON object per input.
struct JSONReportFormat: ReportFormat {
    func render(_ verdict: Verdict, name: String, bytes: [UInt8], detailed: Bool, into result: inout BatchResult) {
        Self.render(verdict, pretty: true, name: name, into: &result)
    }

    func write(
        whole verdict: Verdict, name: String, detailed: Bool, to console: Console, into result: inout BatchResult
    ) {
        Self.stream(verdict, pretty: true, name: name, to: console, into: &result)
    }

    func unsigned(_ answer: UnsignedAnswer) -> String? {
        Self.unsigned(answer, pretty: true)
    }

    /// The JSON of an answer Apple does not sign (`schema/api-unsigned.schema.json`), with its newline.
    static func unsigned(_ answer: UnsignedAnswer, pretty: Bool) -> String? {
        APIResponseOutput.unsigned(operation: answer.operation, status: answer.status, response: answer.members)
            .json(pretty: pretty).map { $0 + "\n" }
    }

    /// The verdict's JSON, pretty or compact; a verdict that cannot be encoded is an internal error.
    static func render(_ verdict: Verdict, pretty: Bool, name: String, into result: inout BatchResult) {
        do {
            result.output = try verdict.json(pretty: pretty)
        } catch {
            failed(error, name: name, &result)
        }
    }

    /// Writes the verdict's JSON to `console` in chunks as it is produced, for a report too large to
    /// hold whole as text (a combined one); a failed write stops it and is the console's to report.
    static func stream(
        _ verdict: Verdict, pretty: Bool, name: String, to console: Console, into result: inout BatchResult
    ) {
        do {
            try console.out(verdict, pretty: pretty)
        } catch {
            failed(error, name: name, &result)
        }
    }

    private static func failed(_ error: any Error, name: String, _ result: inout BatchResult) {
        result.error = "\(name): cannot encode the report: \(error)"
        result.status = .internalError
    }
}
