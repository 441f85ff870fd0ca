/// Reads a command line against a `CommandSpec`: `--name value`, `--name=value`, `-x value`, `--` to end
/// options, and `-` as an operand (standard input).
enum CommandLineReader {
    static func parse(_ arguments: ArraySlice<String>, for command: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var remaining = arguments
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.operands.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (option, inlineValue) = try lookUp(argument, in: command)
            if !option.repeatable, parsed.isGiven(option) {
                throw UsageError("option --\(option.name) given more than once")
            }
            guard option.takesValue else {
                if inlineValue != nil {
                    throw UsageError("option --\(option.name) takes no value")
                }
                parsed.set(option)
                continue
            }
            guard let value = inlineValue ?? remaining.popFirst() else {
                throw UsageError("option --\(option.name) needs a value (\(option.valueName ?? "VALUE"))")
            }
            if let choices = option.choices, !choices.contains(where: { $0.lowercased() == value.lowercased() }) {
                throw UsageError("option --\(option.name): '\(value)' is not one of \(choices.joined(separator: ", "))")
            }
            parsed.add(option, value: value)
        }
        if parsed.operands.count < command.minimumOperands, !parsed[CommonOptionTable.help] {
            throw UsageError("missing \(command.operands)")
        }
        return parsed
    }

    private static func lookUp(_ argument: String, in command: CommandSpec) throws(UsageError) -> (
        OptionSpec, String?
    ) {
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name: Substring
            let value: String?
            if let equals = body.firstIndex(of: "=") {
                name = body[..<equals]
                value = String(body[body.index(after: equals)...])
            } else {
                name = body
                value = nil
            }
            guard let option = command.option(named: String(name)) else {
                throw UsageError("unknown option --\(name) for '\(command.name)'")
            }
            return (option, value)
        }
        let body = argument.dropFirst()
        guard body.count == 1, let letter = body.first, let option = command.option(short: letter) else {
            throw UsageError("unknown option \(argument) for '\(command.name)'")
        }
        return (option, nil)
    }
}
