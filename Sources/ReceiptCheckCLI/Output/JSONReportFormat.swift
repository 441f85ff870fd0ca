import ReceiptKit

/// `--format json` (`--json`): one pretty JSON object per input.
struct JSONReportFormat: ReportFormat {
    func render(_ verdict: Verdict, name: String, bytes: [UInt8], detailed: Bool, into result: inout BatchResult) {
        Self.render(verdict, pretty: true, name: name, into: &result)
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
            try verdict.writeJSON(pretty: pretty) { chunk in chunk.withUnsafeBufferPointer { console.out($0) } }
        } catch {
            failed(error, name: name, &result)
        }
    }

    private static func failed(_ error: any Error, name: String, _ result: inout BatchResult) {
        result.error = "\(name): cannot encode the report: \(error)"
        result.status = .internalError
    }
}
