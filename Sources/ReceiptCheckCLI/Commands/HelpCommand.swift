/// `receipt-check help [COMMAND]` (and `receipt-check --help`): the command list, or one command's help.
enum HelpCommand: Command {
    static let spec = CommandSpec(
        name: "help",
        summary: "Show the commands and global usage, or with COMMAND, that command's options (as COMMAND --help).",
        operands: "[COMMAND]", minimumOperands: 0,
        options: [CommonOptionTable.help.spec])

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        guard let name = arguments.operands.first else {
            console.out(text(ReceiptCheck.commands.map { $0.spec }))
            return .valid
        }
        guard arguments.operands.count == 1 else {
            return usage("help takes at most one COMMAND", console)
        }
        guard let command = ReceiptCheck.commands.first(where: { $0.spec.name == name }) else {
            return usage("no command '\(name)'; the commands are listed by 'receipt-check --help'", console)
        }
        console.out(command.spec.help)
        return .valid
    }

    /// A usage error of `help` itself, with its usage line.
    private static func usage(_ message: String, _ console: Console) -> ExitStatus {
        ErrorReport.report(UsageError(message), to: console, usage: spec.usage)
    }

    /// The top-level help: global usage, the visible commands and the exit statuses.
    static func text(_ commands: [CommandSpec]) -> String {
        let visible = commands.filter { !$0.hidden }
        let defaultName = visible.first?.name ?? "verify"
        var lines = [
            "usage: receipt-check [\(defaultName)] [options] INPUT...",
            "       receipt-check COMMAND [options] [operands]",
            "       receipt-check --help | --version",
            "",
            "Verify and decode App Store receipts and StoreKit 2 signed data.",
            "With no COMMAND, '\(defaultName)' is run. An INPUT of - is standard input.",
            "",
            "commands:",
        ]
        let width = (visible.map(\.name.count).max() ?? 0) + 2
        for command in visible {
            let name = command.name + String(repeating: " ", count: width - command.name.count)
            let indent = String(repeating: " ", count: width + 2)
            for (index, line) in wrap(command.abstract, width: 100 - indent.count).enumerated() {
                lines.append((index == 0 ? "  " + name : indent) + line)
            }
        }
        lines += ["", "exit status:"]
        for status in ExitStatus.allCases {
            let code = String(status.rawValue)
            lines.append("  " + code + String(repeating: " ", count: 4 - code.count) + status.summary)
        }
        lines += [
            "",
            "'receipt-check COMMAND --help' lists a command's options; 'man receipt-check' has everything.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Words joined into lines of at most `width` characters (a longer word gets a line of its own).
    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty {
            lines.append(current)
        }
        return lines
    }
}
