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
        options: ValidationOptionTable.options + [VerifyOptionTable.combine.spec, VerifyOptionTable.refresh.spec]
            + APIOptionTable.credentialOptions + BatchOptionTable.options + [VerifyOptionTable.cgi.spec])

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        if arguments[VerifyOptionTable.cgi] {
            return CGIEndpoint.run(arguments, console: console, spec: spec)
        }
        return ReportRun.run(arguments, console: console, spec: spec, detailed: false, enforcesRequirements: true) {
            ExitStatus($0)
        }
    }
}
