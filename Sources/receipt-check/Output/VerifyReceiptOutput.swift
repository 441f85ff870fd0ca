import ReceiptKit

/// `--format verifyreceipt`: what it needs of the other options.
enum VerifyReceiptOutput {
    /// Apple's endpoint is production or sandbox; `--environment` picks which one is emulated.
    static func checkOptions(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments[ValidationOptionTable.json] {
            throw UsageError("--json and --format verifyreceipt contradict each other")
        }
        // Apple's body has no entitlements, and an exit status of "not entitled" beside a status-0 body
        // would say two things at once.
        if let rule = RuleOptionTable.options.first(where: arguments.isGiven) {
            throw UsageError(
                "--format verifyreceipt answers as Apple's endpoint, which judges no rules; --\(rule.name) does not apply"
            )
        }
        if let text = arguments[ValidationOptionTable.environment],
            let environment = ReceiptEnvironment(argument: text),
            environment != .production, environment != .sandbox
        {
            throw UsageError(
                "--format verifyreceipt emulates Apple's production or sandbox endpoint; --environment \(text) is neither"
            )
        }
    }
}
