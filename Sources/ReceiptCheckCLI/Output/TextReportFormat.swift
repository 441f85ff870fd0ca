import ReceiptKit

/// `--format text` (the default): the report and the decisions for people, terminal escapes neutralised.
struct TextReportFormat: ReportFormat {
    func render(_ verdict: Verdict, name: String, bytes: [UInt8], detailed: Bool, into result: inout BatchResult) {
        result.output = Array(
            TerminalText.escapedKeepingNewlines(
                ReportText.render(verdict.report, detailed: detailed)
                    + RuleReportText.render(verdict.decisions, report: verdict.report)
            ).utf8)
    }

    func unsigned(_ answer: UnsignedAnswer) -> String? {
        guard answer.members != nil else {
            return "\(answer.operation.rawValue): HTTP \(answer.status), done\n"
        }
        var text = "\(answer.operation.rawValue): HTTP \(answer.status), an answer Apple does not sign\n"
        for (name, value) in answer.rows {
            text += "  \(name): \(value)\n"
        }
        return TerminalText.escapedKeepingNewlines(text)
    }
}
