import ReceiptKit

/// `receipt-check version` (and `--version`): the release and the OpenSSL it runs on.
enum VersionCommand: Command {
    static let spec = CommandSpec(
        name: "version",
        summary: "Show the receipt-check release and the version of the OpenSSL library it runs on.",
        operands: "", minimumOperands: 0,
        options: [CommonOptionTable.help.spec])

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        if let operand = arguments.operands.first {
            return fail(UsageError("unexpected operand '\(operand)'"), console)
        }
        console.out(text)
        return .valid
    }

    static var text: String {
        "receipt-check \(Version.release)\n\(TrustPolicy.openSSLVersion)\n"
    }
}
