import ReceiptKit

/// `receipt-check [verify]`: verify and decode each input; the exit status is the verdict.
enum VerifyCommand: Command {
    static let spec = CommandSpec(
        name: "verify",
        summary: """
            Verify each receipt's signature and certificate chain (at the receipt's creation date by default), \
            decode it, and apply the checks asked for. Exit 0 when every input is valid.
            """,
        operands: "INPUT...", minimumOperands: 1, options: ValidationOptionTable.options)

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        ReportRun.run(arguments, console: console, spec: spec, detailed: false, enforcesRequirements: true) {
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
        operands: "INPUT...", minimumOperands: 1, options: ValidationOptionTable.options)

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        ReportRun.run(arguments, console: console, spec: spec, detailed: true, enforcesRequirements: false) { report in
            report.status == .malformed ? ExitStatus(report) : .valid
        }
    }
}

/// The loop verify and inspect share: read, validate, print, fold the statuses.
enum ReportRun {
    /// `enforcesRequirements`: a valid receipt missing a `--require`d entitlement exits 1 (verify).
    static func run(
        _ arguments: ParsedArguments, console: Console, spec: CommandSpec, detailed: Bool, enforcesRequirements: Bool,
        status: (ValidationReport) -> ExitStatus
    ) -> ExitStatus {
        let validator: ReceiptValidator
        let limit: Int
        let rules: RuleConfiguration?
        do {
            rules = try RuleOptionTable.configuration(arguments)
            validator = try ValidationOptionTable.validator(arguments)
            limit = try ValidationOptionTable.sizeLimit(arguments)
        } catch let error as SetupError {
            return error.report(to: console, usage: spec.usage)
        } catch let error as UsageError {
            return SetupError.usage(error).report(to: console, usage: spec.usage)
        } catch {
            return SetupError.internalError("\(error)").report(to: console, usage: spec.usage)
        }
        let json = ValidationOptionTable.wantsJSON(arguments)
        var statuses: [ExitStatus] = []
        for path in arguments.operands {
            let report: ValidationReport
            do {
                report = validator.validate(try InputReader.contents(of: path, limit: limit), input: path)
            } catch {
                var failed = ValidationReport(input: path)
                failed.reject(error)
                report = failed
            }
            if report.status == .malformed, let message = report.message {
                console.error("\(path): \(message)")
            }
            let results = rules?.results(for: report)
            if json {
                do {
                    console.out(try ReportJSON.render(report, rules: results, pretty: true))
                } catch {
                    console.error("\(path): cannot encode the report: \(error)")
                    statuses.append(.internalError)
                }
            } else {
                console.out(ReportText.render(report, detailed: detailed) + RuleReportText.render(results, report: report))
            }
            var verdict = status(report)
            if enforcesRequirements, verdict == .valid, let rules, let results, !rules.satisfied(by: results) {
                verdict = .notEntitled
            }
            statuses.append(verdict)
        }
        return ExitStatus.worst(statuses)
    }
}
