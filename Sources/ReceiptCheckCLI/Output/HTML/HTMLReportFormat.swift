import ReceiptKit

/// `--format html`: one self-contained HTML5 page for the run (`HTMLDocument`), one section per input
/// (`HTMLReport`); a batch's sections start folded, under a summary of the run drawn as bars.
struct HTMLReportFormat: ReportFormat {
    /// Batch options were given: sections start folded and the summary is shown.
    let collapsed: Bool

    func render(_ verdict: Verdict, name: String, bytes: [UInt8], detailed: Bool, into result: inout BatchResult) {
        var html = HTMLWriter()
        HTMLReport(verdict: verdict, detailed: detailed).write(open: !collapsed, into: &html)
        result.output = html.out
    }

    var opening: String { HTMLDocument.opening }

    func closing(_ summary: BatchSummary) -> String {
        guard collapsed || summary.total > 1 else { return HTMLDocument.closing }
        var html = HTMLWriter()
        HTMLRunSummary.write(summary, into: &html)
        return html.out + HTMLDocument.closing
    }
}
