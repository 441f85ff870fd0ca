import ReceiptKit

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
            validator = try ValidationOptionTable.validator(arguments, analysis: !enforcesRequirements)
            limit = try ValidationOptionTable.sizeLimit(arguments)
        } catch {
            return ErrorReport.report(error, to: console, usage: spec.usage)
        }
        var source = InputSource(operands: arguments.operands, settings: settings, limit: limit, console: console)
        let runner = BatchRunner(
            validator: validator, settings: settings, limit: limit, detailed: detailed, rules: rules,
            enforcesRequirements: enforcesRequirements, status: status)
        if arguments[CombineRunner.combine] {
            return CombineRunner(runner: runner).run(&source, console: console, usage: spec.usage)
        }
        return runner.run(&source, console: console)
    }
}
