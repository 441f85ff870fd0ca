/// What the parser found on the command line for one command.
struct ParsedArguments: Sendable {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    var operands: [String] = []

    mutating func add(_ name: String, value: String) {
        values[name, default: []].append(value)
    }

    mutating func set(_ name: String) {
        flags.insert(name)
    }

    /// The last value given for an option (a later `--x` overrides an earlier one).
    func value(_ name: String) -> String? { values[name]?.last }

    func all(_ name: String) -> [String] { values[name] ?? [] }

    func flag(_ name: String) -> Bool { flags.contains(name) }
}
