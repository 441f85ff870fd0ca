/// `receipt-check generate-completions SHELL`: prints a completion script (make completions).
enum GenerateCompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "generate-completions",
        summary: "Print the completion script for SHELL (bash, zsh or fish), generated from the option tables.",
        operands: "SHELL", minimumOperands: 1,
        options: [CommonOptionTable.help.spec],
        hidden: true)

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        let shells = CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")
        guard arguments.operands.count == 1, let name = arguments.operands.first,
            let shell = CompletionShell(rawValue: name)
        else {
            return fail(UsageError("generate-completions takes one SHELL: \(shells)"), console)
        }
        console.out(shell.script(for: ReceiptCheck.commands.map { $0.spec }))
        return .valid
    }
}
