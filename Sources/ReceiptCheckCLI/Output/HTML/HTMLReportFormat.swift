import ReceiptKit

/// `--format html`: one self-contained HTML5 page for the run (`HTMLDocument`), one section per input
/// (`HTMLReport`); a batch's sections start folded, under a summary of the run drawn as bars.
struct HTMLReportFormat: ReportFormat {
    /// Batch options were given: sections start folded and the summary is shown.
    let collapsed: Bool

    func render(_ verdict: Verdict, name: String, bytes: [UInt8], detailed: Bool, into result: inout BatchResult) {
        var html = HTMLWriter()
        HTMLReport(verdict: verdict, detailed: detailed).write(open: !collapsed, into: &html)
        result.output = html.bytes
    }

    var opening: String { HTMLDocument.opening }

    func unsigned(_ answer: UnsignedAnswer) -> String? {
        Self.unsignedAnswer(answer.operation.rawValue, answer.status, answer.rows.map { ($0.name, $0.value) })
    }

    /// An API answer Apple does not sign (or an empty one) as its own page, each member marked unsigned.
    static func unsignedAnswer(_ operation: String, _ status: Int, _ members: [(String, String)]) -> String {
        var html = HTMLWriter()
        html.raw("<details class=\"input\" open>\n<summary class=\"banner unsigned\"><span class=\"verdict\">")
        html.raw("HTTP ")
        html.integer(status)
        html.raw("</span> ")
        html.element("span", class: "name", operation)
        html.raw(
            members.isEmpty
                ? " <span class=\"why\">done</span>" : " <span class=\"why\">an answer Apple does not sign</span>")
        html.raw("</summary>\n<div class=\"body\">\n")
        if !members.isEmpty {
            html.fields(members.map { ($0.0 + " (unsigned)", $0.1) })
        }
        html.raw("</div>\n</details>\n")
        return HTMLDocument.opening + html.out + HTMLDocument.closing
    }

    func closing(_ summary: BatchSummary) -> String {
        guard collapsed || summary.total > 1 else { return HTMLDocument.closing }
        var html = HTMLWriter()
        HTMLRunSummary.write(summary, legend: collapsed, into: &html)
        return html.out + HTMLDocument.closing
    }
}
