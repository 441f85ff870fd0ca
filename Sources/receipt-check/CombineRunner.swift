import ReceiptKit

/// `verify --combine`: every input is one customer's, and the rules decide once over their facts
/// together; one report, one exit status.
struct CombineRunner {
    let runner: BatchRunner

    static let options = [
        OptionSpec(
            "combine",
            help: "one decision over all inputs together (one customer's receipt or AppTransaction, history and"
                + " status responses, JWS); needs --bundle-id")
    ]

    /// One customer's inputs are few (an AppTransaction, a status response, history pages of 20); a run
    /// over more is a mistake, refused before reading them all, so the reports held at once stay bounded.
    static let maximumInputs = 64

    func run(_ source: inout InputSource, console: Console, usage: String) -> ExitStatus {
        guard runner.validator.options.bundleID != nil else {
            return SetupError.usage(UsageError("--combine needs --bundle-id: combined inputs must name one app"))
                .report(to: console, usage: usage)
        }
        guard runner.settings.format != .verifyReceipt else {
            return SetupError.usage(
                UsageError(
                    "--combine makes one decision over several inputs; --format verifyreceipt answers per receipt")
            ).report(to: console, usage: usage)
        }
        var reports: [ValidationReport] = []
        while let input = source.next() {
            guard reports.count < Self.maximumInputs else {
                return SetupError.usage(UsageError("--combine takes at most \(Self.maximumInputs) inputs"))
                    .report(to: console, usage: usage)
            }
            reports.append(runner.report(for: input))
        }
        guard !reports.isEmpty else {
            return SetupError.usage(UsageError("--combine needs at least one input")).report(to: console, usage: usage)
        }
        let verdict = runner.validator.verdict(combining: reports, rules: runner.rules)
        let result = runner.render(verdict, name: verdict.report.input)
        console.out(result.output)
        if let error = result.error {
            console.error(error)
        }
        return console.exitStatus(result.status)
    }
}
