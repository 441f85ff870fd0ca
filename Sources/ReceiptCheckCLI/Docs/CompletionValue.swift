/// What a shell offers for an option's value or a command's operands, from the placeholders and `choices`.
enum CompletionValue: Equatable {
    /// A flag: no value.
    case none
    /// Anything: the shell offers nothing.
    case free
    case choices([String])
    case file
    case directory

    init(_ option: OptionSpec) {
        if let choices = option.choices {
            self = .choices(choices)
        } else if let placeholder = option.valueName {
            self = CompletionValue(placeholder: placeholder)
        } else {
            self = .none
        }
    }

    /// Operands of a command, from its usage placeholder (`INPUT...`, `DIR`, `[COMMAND|TOPIC]`, `SHELL`).
    init(operands command: CommandSpec, commandNames: [String]) {
        let placeholder = command.operands.trimmingCharacters(in: "[].")
        switch placeholder {
        case "": self = .none
        case "COMMAND|TOPIC": self = .choices(commandNames + HelpTopic.allCases.map(\.name))
        case "SHELL": self = .choices(CompletionShell.allCases.map(\.rawValue))
        default: self = CompletionValue(placeholder: placeholder)
        }
    }

    private init(placeholder: String) {
        switch placeholder {
        case "FILE", "INPUT", "PATH": self = .file
        case "DIR", "PKI": self = .directory
        default: self = placeholder.hasSuffix(".json") || placeholder.hasSuffix(".pem") ? .file : .free
        }
    }
}

enum CompletionShell: String, CaseIterable {
    case bash, zsh, fish

    /// The script for this shell, covering the visible commands.
    func script(for commands: [CommandSpec]) -> String {
        let visible = commands.filter { !$0.hidden }
        switch self {
        case .bash: return BashCompletion.render(visible)
        case .zsh: return ZshCompletion.render(visible)
        case .fish: return FishCompletion.render(visible)
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) {
            slice = slice.dropFirst()
        }
        while let last = slice.last, set.contains(last) {
            slice = slice.dropLast()
        }
        return String(slice)
    }
}
