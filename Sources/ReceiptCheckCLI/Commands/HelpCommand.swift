/// `help [COMMAND|TOPIC]` (and `--help`): the commands and topics, one command's help, or one topic.
enum HelpCommand: Command {
    static let spec = CommandSpec(
        name: "help",
        summary: "Show the commands and help topics. With COMMAND, that command's options (as COMMAND --help); "
            + "with TOPIC (\(HelpTopic.allCases.map(\.name).joined(separator: ", "))), that section of the man page.",
        operands: "[COMMAND|TOPIC]", minimumOperands: 0,
        options: [CommonOptionTable.help.spec])

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        guard let name = arguments.operands.first else {
            console.out(text(ReceiptCheck.commands.map { $0.spec }))
            return .valid
        }
        guard arguments.operands.count == 1 else {
            return fail(UsageError("help takes at most one COMMAND or TOPIC"), console)
        }
        if let topic = HelpTopic(rawValue: name) {
            console.out(topic.text)
            return .valid
        }
        guard let command = ReceiptCheck.commands.first(where: { $0.spec.name == name }) else {
            let names = ReceiptCheck.visibleNames + HelpTopic.allCases.map(\.name)
            let hint = NameSuggestion.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            let message = "no command or help topic '\(name)'\(hint); 'receipt-check help' lists them"
            return fail(UsageError(message), console)
        }
        console.out(command.spec.help)
        return .valid
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
            "With no COMMAND, '\(defaultName)' is run. An INPUT of - is standard input. A first word that names",
            "no file but is close to a command's name (verfy) is refused with exit \(ExitStatus.usage.rawValue).",
            "",
            "commands:",
        ]
        let width = (visible.map(\.name.count).max() ?? 0) + 2
        for command in visible {
            let name = command.name + String(repeating: " ", count: width - command.name.count)
            let indent = String(repeating: " ", count: width + 2)
            for (index, line) in HelpBlock.wrap(command.abstract, width: 100 - indent.count).enumerated() {
                lines.append((index == 0 ? "  " + name : indent) + line)
            }
        }
        lines += ["", "help topics (receipt-check help TOPIC):"]
        let topicWidth = (HelpTopic.allCases.map(\.name.count).max() ?? 0) + 2
        for topic in HelpTopic.allCases {
            lines.append(
                "  " + topic.name + String(repeating: " ", count: topicWidth - topic.name.count) + topic.summary)
        }
        lines += ["", "exit status:"]
        for status in ExitStatus.allCases {
            let code = String(status.rawValue)
            lines.append("  " + code + String(repeating: " ", count: 4 - code.count) + status.summary)
        }
        lines += [
            "",
            "'receipt-check COMMAND --help' lists a command's options, 'receipt-check help TOPIC' explains a topic;",
            "'man receipt-check' has everything.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
