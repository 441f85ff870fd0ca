/// What the parser found on the command line for one command, read through the options' keys.
struct ParsedArguments: Sendable {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    var operands: [String] = []

    mutating func add(_ option: OptionSpec, value: String) {
        values[option.name, default: []].append(value)
    }

    mutating func set(_ option: OptionSpec) {
        flags.insert(option.name)
    }

    /// Whether a flag was given.
    subscript(_ key: OptionKey<Bool>) -> Bool { flags.contains(key.name) }

    /// The value given for an option that takes one.
    subscript(_ key: OptionKey<String>) -> String? { values[key.name]?.last }

    /// Every value given for a repeatable option, in order.
    subscript(_ key: OptionKey<[String]>) -> [String] { values[key.name] ?? [] }

    /// Whether an option of any kind was given, for checks over a whole table.
    func isGiven(_ option: OptionSpec) -> Bool {
        flags.contains(option.name) || values[option.name] != nil
    }

    /// The names of the options given: those with values, then flags, each sorted.
    var given: [String] { values.keys.sorted() + flags.sorted() }
}
