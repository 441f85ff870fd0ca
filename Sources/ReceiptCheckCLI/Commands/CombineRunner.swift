import ReceiptKit

/// `verify --combine`: all inputs are one customer's, decided once by the rules over their facts, one report.
struct CombineRunner {
    let runner: BatchRunner

    /// One customer's inputs are few (an AppTransaction, a status response, history pages of 20); a run
    /// over more is a mistake, refused before reading them all, so the reports held at once stay bounded.
    static let maximumInputs = 64

    func run(_ source: inout InputSource, console: Console, usage: String) -> ExitStatus {
        guard runner.validator.options.bundleID != nil else {
            return refuse("--combine needs --bundle-id: combined inputs must name one app", console, usage)
        }
        guard !runner.printer.answersPerInput else {
            return refuse(
                "--combine makes one decision over several inputs; --format verifyreceipt answers per receipt",
                console, usage)
        }
        var reports: [ValidationReport] = []
        while let input = source.next() {
            guard reports.count < Self.maximumInputs else {
                return refuse("--combine takes at most \(Self.maximumInputs) inputs", console, usage)
            }
            reports.append(runner.report(for: input))
        }
        guard !reports.isEmpty else {
            // Nothing found (an empty directory) is no input, as in any run; only blank lines are a usage error.
            if let nothing = source.nothingFound(console: console) {
                return nothing
            }
            let blank = source.blankLines
            let skipped = blank > 0 ? " (\(blank) blank line\(blank == 1 ? "" : "s") skipped)" : ""
            return refuse("--combine needs at least one input\(skipped)", console, usage)
        }
        let verdict = runner.validator.verdict(combining: reports, rules: runner.rules)
        let status = runner.print(large: verdict, console: console)
        if let summary = Self.summary(inputs: reports.count, blank: source.blankLines),
            !runner.settings.given[BatchOptionTable.quiet]
        {
            console.err(summary)
        }
        return status
    }

    /// The summary of a combined run that skipped blank lines, which were no inputs: a script counting its
    /// inputs sees why fewer were combined. Nil when none was skipped.
    static func summary(inputs: Int, blank: Int) -> String? {
        guard blank > 0 else { return nil }
        return "receipt-check: \(inputs) input\(inputs == 1 ? "" : "s") combined, \(blank) blank line"
            + "\(blank == 1 ? "" : "s") skipped\n"
    }

    private func refuse(_ message: String, _ console: Console, _ usage: String) -> ExitStatus {
        ErrorReport.report(UsageError(message), to: console, usage: usage)
    }
}
