#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A table's fixed markup (class, caption, headings with their `data-key`) as literal markup: building it from
/// a list of pairs would cost a process that writes one report more than the report itself.
struct HTMLTable: Sendable {
    let `class`: String
    /// Empty for a table whose caption is given when it is written.
    var caption: String = ""
    /// `<th data-key="...">heading</th>` (a heading of `thead` is its column's) for each column, in order.
    let headings: String
}

extension HTMLWriter {
    mutating func open(_ table: HTMLTable) {
        raw("<div class=\"scroll\"><table class=\"")
        raw(table.class)
        raw("\"><caption>")
        raw(table.caption)
        head(table)
    }

    /// Starts `table` with `caption`, a value written escaped.
    mutating func open(_ table: HTMLTable, caption: String) {
        raw("<div class=\"scroll\"><table class=\"")
        raw(table.class)
        raw("\"><caption>")
        text(caption)
        head(table)
    }

    private mutating func head(_ table: HTMLTable) {
        raw("</caption>\n<thead><tr>")
        raw(table.headings)
        raw("</tr></thead>\n<tbody>\n")
    }

    mutating func closeTable() {
        raw("</tbody></table></div>\n")
    }

    mutating func startRow() {
        raw("<tr>")
    }

    mutating func endRow() {
        raw("</tr>\n")
    }

    /// A cell with a value from an input, escaped; empty for nil.
    mutating func cell(_ value: String?) {
        raw("<td>")
        if let value { text(value) }
        raw("</td>")
    }

    /// A cell with a count, as the JSON writes it.
    mutating func cell(count: Int?) {
        raw("<td>")
        if let count { integer(count) }
        raw("</td>")
    }

    /// A cell with `true` or `false`, as the JSON writes a flag.
    mutating func cell(flag: Bool?) {
        raw("<td>")
        if let flag { raw(flag ? "true" : "false") }
        raw("</td>")
    }

    /// A cell with a date as RFC 3339, as the JSON writes it.
    mutating func cell(date: Date?) {
        raw("<td>")
        if let date { rfc3339(date) }
        raw("</td>")
    }

    /// Label and value rows (nil or empty values left out), as a definition list.
    mutating func fields(_ rows: [(label: String, value: String?)]) {
        raw("<dl class=\"fields\">\n")
        for row in rows {
            field(row.label, row.value)
        }
        raw("</dl>\n")
    }

    /// One label and value of a definition list; nothing for a nil or empty value.
    mutating func field(_ label: String, _ value: String?) {
        guard let value, !value.isEmpty else { return }
        raw("<dt>")
        text(label)
        raw("</dt><dd>")
        text(value)
        raw("</dd>\n")
    }
}
