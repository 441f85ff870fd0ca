import ReceiptKit

extension BatchRunner {
    /// Prints a verdict whose report holds many inputs or elements (a combined one, a whole history):
    /// what making it freed goes back first, so the two do not add up, and its JSON is written as it is
    /// produced, never held whole as text.
    func print(large verdict: Verdict, console: Console) -> ExitStatus {
        HeapTrim.after(bytes: HeapTrim.threshold)
        let name = verdict.report.input
        var result: BatchResult
        switch settings.format {
        case .json, .ndjson:
            result = outcome(of: verdict, name: name)
            JSONReportFormat.stream(verdict, pretty: settings.format == .json, name: name, to: console, into: &result)
        default:
            result = render(verdict, name: name)
            // A page of its own (HTML's opening and closing around the one report).
            console.out(settings.format.printer.document(result.output))
        }
        if let error = result.error {
            console.error(error)
        }
        return console.exitStatus(result.status)
    }
}
