/// `receipt-check generate-man`: prints the man page (make man writes it to share/man/man1).
enum GenerateManCommand: Command {
    static let spec = CommandSpec(
        name: "generate-man",
        summary: "Print the receipt-check(1) man page, generated from the option tables, on standard output.",
        operands: "", minimumOperands: 0,
        options: [CommonOptionTable.help.spec],
        hidden: true)

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        if let operand = arguments.operands.first {
            return fail(UsageError("unexpected operand '\(operand)'"), console)
        }
        console.out(ManPage.render(commands: ReceiptCheck.commands.map { $0.spec }))
        return .valid
    }
}
