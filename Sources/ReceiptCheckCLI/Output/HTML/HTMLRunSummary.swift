import ReceiptKit

/// A batch's counts by status and by reason code, as bars. Written after the last section, when they are known,
/// so that a run of any length is written as it goes; the stylesheet shows it first (`order:-1`).
enum HTMLRunSummary {
    /// `legend`: the sections are folded and their pictures carry no legend of their own.
    static func write(_ summary: BatchSummary, legend: Bool, into html: inout HTMLWriter) {
        let total = max(summary.total, 1)
        html.raw("<section class=\"summary\">\n<h2>")
        html.integer(summary.total)
        html.raw(summary.total == 1 ? " input</h2>\n" : " inputs</h2>\n")
        html.raw("<div class=\"scroll\"><table class=\"bars\"><caption>By status</caption>\n<tbody>\n")
        for status in ValidationReport.Status.allCases {
            bar(status.rawValue, count: summary.count(of: status), of: total, class: status.rawValue, into: &html)
        }
        html.raw("</tbody></table></div>\n")
        let reasons = [ValidationReport.Status.invalid, .malformed, .unreadable].flatMap { status in
            summary.reasons(of: status).map { (status, $0.reason, $0.count) }
        }
        if !reasons.isEmpty {
            html.raw("<div class=\"scroll\"><table class=\"bars\"><caption>By reason</caption>\n<tbody>\n")
            for (status, reason, count) in reasons {
                bar(reason, count: count, of: total, class: status.rawValue, into: &html)
            }
            html.raw("</tbody></table></div>\n")
        }
        if legend {
            TimelineSVG.writeLegend(into: &html)
        }
        html.raw("</section>\n")
    }

    private static func bar(_ label: String, count: Int, of total: Int, class name: String, into html: inout HTMLWriter)
    {
        html.raw("<tr><th scope=\"row\">")
        html.text(label)
        html.raw("</th><td class=\"count\">")
        html.integer(count)
        html.raw("</td><td class=\"bar\"><span class=\"fill ")
        html.markup(name)
        html.raw("\" style=\"width:")
        html.number(Double(count) * 100 / Double(total))
        html.raw("%\"></span></td></tr>\n")
    }
}
