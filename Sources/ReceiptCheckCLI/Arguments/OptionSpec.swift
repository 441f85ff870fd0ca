/// One option a command accepts; the parser, `--help` and the man page read it, so what is documented is parsed.
struct OptionSpec: Sendable {
    let name: String
    let short: Character?
    /// Placeholder for the option's value in help text; nil for a flag.
    let valueName: String?
    let help: String
    let repeatable: Bool
    /// The values accepted, when the option takes one of a fixed set (checked case-insensitively).
    let choices: [String]?

    init(
        _ name: String, short: Character? = nil, value: String? = nil, repeatable: Bool = false,
        choices: [String]? = nil, help: String
    ) {
        self.name = name
        self.short = short
        self.valueName = value
        self.help = help
        self.repeatable = repeatable
        self.choices = choices
    }

    var takesValue: Bool { valueName != nil }

    /// `--name`, as messages write it.
    var flag: String { "--\(name)" }

    /// `--name VALUE` as shown in usage lines.
    var synopsis: String {
        let flag = short.map { "-\($0), --\(name)" } ?? "--\(name)"
        return valueName.map { "\(flag) \($0)" } ?? flag
    }
}
