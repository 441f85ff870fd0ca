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
            result.error = "\(name): cannot encode the report: \(error)"
            result.status = .internalError
        }
    }
}
