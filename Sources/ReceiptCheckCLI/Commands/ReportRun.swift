import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What verify and inspect share: set up from the options, then hand the inputs to `BatchRunner`.
enum ReportRun {
    /// `enforcesRequirements`: a valid receipt missing a `--require`d entitlement exits 1, or 3 when unknown (verify).
    static func run(
        _ arguments: ParsedArguments, console: Console, spec: CommandSpec, detailed: Bool, enforcesRequirements: Bool,
        status: @escaping @Sendable (ValidationReport) -> ExitStatus
    ) -> ExitStatus {
        var arguments = arguments
        let refresh = arguments[VerifyOptionTable.refresh]
        // Read only for --refresh: making the environment's dictionary is a measurable share of one verify.
        let variables = refresh ? ProcessInfo.processInfo.environment : [:]
        if refresh {
            // The same credentials as `api`, and the app and environment its requests name.
            APIOptionTable.addEnvironment(to: &arguments, variables: variables, console: console)
        }
        let validator: ReceiptValidator
        let limit: Int
        let settings: BatchOptionTable.Settings
        let rules: RuleConfiguration?
        var client: (AppStoreServerAPIClient, APIOptionTable.Credentials)?
        do {
            rules = try RuleOptionTable.configuration(
                arguments, bindsToApp: enforcesRequirements, read: OptionFiles.read)
            settings = try BatchOptionTable.settings(arguments, command: spec)
            validator = try ValidatorSetup.validator(arguments, analysis: !enforcesRequirements)
            limit = try ValidationOptionTable.sizeLimit(arguments)
            if let credentials = try VerifyOptionTable.refreshCredentials(
                arguments, rules: rules, format: settings.format)
            {
                client = (
                    try APIClientSetup.client(
                        arguments, credentials: credentials, validator: validator, variables: variables,
                        console: console),
                    credentials
                )
            }
        } catch {
            return ErrorReport.report(error, to: console, usage: spec.usage)
        }
        var source = InputSource(operands: arguments.operands, settings: settings, limit: limit, console: console)
        let runner = BatchRunner(
            validator: validator, settings: settings, limit: limit, detailed: detailed, rules: rules,
            enforcesRequirements: enforcesRequirements, status: status)
        if case let (client, credentials)? = client {
            return RefreshRunner(
                runner: runner, client: client, combine: arguments[VerifyOptionTable.combine], credentials: credentials
            ).run(&source, console: console, usage: spec.usage)
        }
        if arguments[VerifyOptionTable.combine] {
            return CombineRunner(runner: runner).run(&source, console: console, usage: spec.usage)
        }
        return runner.run(&source, console: console)
    }
}
