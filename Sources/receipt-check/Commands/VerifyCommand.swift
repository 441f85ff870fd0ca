import ReceiptKit

/// `receipt-check [verify]`: verify and decode each input; the exit status is the verdict.
enum VerifyCommand: Command {
    static let spec = CommandSpec(
        name: "verify",
        summary: """
            Verify each receipt's signature and certificate chain (at the receipt's creation date by default), \
            decode it, and apply the checks asked for. Exit 0 when every input is valid.
            """,
        operands: "INPUT...", minimumOperands: 0,
        options: ValidationOptionTable.options + CombineRunner.options + BatchOptionTable.options
            + CGIEndpoint.options)

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        if arguments.flag("cgi") {
            return CGIEndpoint.run(arguments, console: console, spec: spec)
        }
        return ReportRun.run(arguments, console: console, spec: spec, detailed: false, enforcesRequirements: true) {
            ExitStatus($0)
        }
    }
}

/// `receipt-check inspect`: decode and show everything, including why a receipt would not verify.
enum InspectCommand: Command {
    static let spec = CommandSpec(
        name: "inspect",
        summary: """
            Decode each receipt and show every field, purchase, undocumented attribute and check, including \
            why it would not verify. Exit 0 when every input could be decoded, whatever the verdict.
            """,
        operands: "INPUT...", minimumOperands: 0, options: ValidationOptionTable.options + BatchOptionTable.options)

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        ReportRun.run(arguments, console: console, spec: spec, detailed: true, enforcesRequirements: false) { report in
            report.status == .malformed ? ExitStatus(report) : .valid
        }
    }
}

/// What verify and inspect share: set up from the options, then hand the inputs to `BatchRunner`.
enum ReportRun {
    /// `enforcesRequirements`: a valid receipt missing a `--require`d entitlement exits 1 (verify).
    static func run(
        _ arguments: ParsedArguments, console: Console, spec: CommandSpec, detailed: Bool, enforcesRequirements: Bool,
        status: @escaping @Sendable (ValidationReport) -> ExitStatus
    ) -> ExitStatus {
        let validator: ReceiptValidator
        let limit: Int
        let settings: BatchOptionTable.Settings
        let rules: RuleConfiguration?
        do {
            rules = try RuleOptionTable.configuration(arguments, bindsToApp: enforcesRequirements)
            settings = try BatchOptionTable.settings(arguments, command: spec)
            validator = try ValidationOptionTable.validator(arguments)
            limit = try ValidationOptionTable.sizeLimit(arguments)
        } catch {
            return ErrorReport.report(error, to: console, usage: spec.usage)
        }
        var source = InputSource(operands: arguments.operands, settings: settings, limit: limit, console: console)
        let runner = BatchRunner(
            validator: validator, settings: settings, limit: limit, detailed: detailed, rules: rules,
            enforcesRequirements: enforcesRequirements, status: status)
        if arguments.flag("combine") {
            return CombineRunner(runner: runner).run(&source, console: console, usage: spec.usage)
        }
        return runner.run(&source, console: console)
    }
}
