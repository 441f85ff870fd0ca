import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--format verifyreceipt`: the body Apple's verifyReceipt endpoint returns, one a line, and what the
/// format needs of the other options.
struct VerifyReceiptOutput: ReportFormat {
    var answersPerInput: Bool { true }

    func render(_ verdict: Verdict, name: String, bytes: [UInt8], detailed: Bool, into result: inout BatchResult) {
        let response = VerifyReceiptResponse(for: bytes, report: verdict.report, requestDate: Date())
        result.output = response.json + "\n"
        if let problem = response.problem {
            // A body Apple would not read is no verdict on the receipt inside it: never exit 0.
            result.error = "\(name): \(problem)"
            result.status = ExitStatus.worst([result.status, .malformed])
        } else if let why = response.notReceiptData, result.error == nil {
            result.error = "\(name): \(why)"
        }
    }

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
