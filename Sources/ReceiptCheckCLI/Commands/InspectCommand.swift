import ReceiptKit

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
            report.status.isUndecoded ? ExitStatus(report) : .valid
        }
    }
}
