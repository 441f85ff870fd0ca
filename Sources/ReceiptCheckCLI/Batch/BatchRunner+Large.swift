import ReceiptKit

extension BatchRunner {
    /// Prints a verdict whose report holds many inputs or elements (a combined one, a whole history):
    /// what making it freed goes back first, so the two do not add up, and its JSON is written as it is
    /// produced, never held whole as text.
    func print(large verdict: Verdict, console: Console) -> ExitStatus {
        HeapTrim.after(bytes: HeapTrim.threshold)
        let name = verdict.report.input
        var result = outcome(of: verdict, name: name)
        printer.write(whole: verdict, name: name, detailed: detailed, to: console, into: &result)
        if let error = result.error {
            console.error(error)
        }
        return console.exitStatus(result.status)
    }
}
