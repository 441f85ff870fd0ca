import ReceiptKit

/// The inputs of a `--combine` report as text: one row each, its verdict and what it is.
enum CombinedReportText {
    static func render(_ inputs: [ValidationReport]) -> String {
        var out = "  inputs:\n"
        for input in inputs {
            var row = "    \(input.input): \(VerdictText.render(input.status, reason: input.reason))"
            if let kind = input.jws?.kind { row += "  \(kind.rawValue)" }
            if let response = input.response {
                let count = response.elements.count
                row += "  \(response.kind.title), \(count) element\(count == 1 ? "" : "s")"
            }
            if input.receipt != nil { row += "  app receipt" }
            out += TerminalText.escaped(row) + "\n"
        }
        return out
    }
}
