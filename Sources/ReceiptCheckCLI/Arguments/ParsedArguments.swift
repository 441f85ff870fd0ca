/// What the parser found on the command line for one command, read through the options' keys.
struct ParsedArguments: Sendable {
    private var values: [String: [String]] = [:]
    /// A handful of names: an array, where a `Set<String>` costs a scan of every conformance record of
    /// the process (`String: Hashable`) the first time one is made, more than parsing itself.
    private var flags: [String] = []
    var operands: [String] = []

    mutating func add(_ option: OptionSpec, value: String) {
        values[option.name, default: []].append(value)
    }

    mutating func set(_ option: OptionSpec) {
        if !flags.contains(option.name) { flags.append(option.name) }
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
