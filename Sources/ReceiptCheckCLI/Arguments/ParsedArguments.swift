/// What the parser found on the command line for one command, read through the options' keys.
struct ParsedArguments: Sendable {
    private var values: [String: [String]] = [:]
    /// A handful of names: an array, as a first `Set<String>` scans every conformance record.
    private var flags: [String] = []
    var operands: [String] = []

    mutating func add(_ option: OptionSpec, value: String) {
        values[option.name, default: []].append(value)
    }

    mutating func set(_ option: OptionSpec) {
        if !flags.contains(option.name) { flags.append(option.name) }
    }

    /// Every option given, by name, with its values in order (none for a flag), names sorted.
    var givenValues: [(name: String, values: [String])] {
        (values.map { (name: $0.key, values: $0.value) } + flags.map { (name: $0, values: [""]) })
            .sorted { $0.name < $1.name }
    }

    subscript(_ key: OptionKey<Bool>) -> Bool { flags.contains(key.name) }

    subscript(_ key: OptionKey<String>) -> String? { values[key.name]?.last }

    subscript(_ key: OptionKey<[String]>) -> [String] { values[key.name] ?? [] }

    /// The last value given for a key that reads it; a text it does not read is a usage error worded by the key.
    func value<Value>(_ key: OptionKey<Value>) throws(UsageError) -> Value? {
        guard let text = values[key.name]?.last else { return nil }
        return try key.value(of: text)
    }

    /// Every value given for a repeatable key, in order; a text it does not read is a usage error worded by it.
    func values<Element>(_ key: OptionKey<[Element]>) throws(UsageError) -> [Element] {
        var read: [Element] = []
        for text in values[key.name] ?? [] {
            read += try key.value(of: text)
        }
        return read
    }

    /// `value(_:)` for the builders that also read files, where a bad value is a `SetupError.usage`.
    func setupValue<Value>(_ key: OptionKey<Value>) throws(SetupError) -> Value? {
        do {
            return try value(key)
        } catch {
            throw .usage(error)
        }
    }

    /// `values(_:)` for the builders that also read files, where a bad value is a `SetupError.usage`.
    func setupValues<Element>(_ key: OptionKey<[Element]>) throws(SetupError) -> [Element] {
        do {
            return try values(key)
        } catch {
            throw .usage(error)
        }
    }

    /// The text given, for tables that fill in the environment's values before their keys read them.
    func text(of option: OptionSpec) -> String? { values[option.name]?.last }

    /// Whether an option of any kind was given, for checks over a whole table.
    func isGiven(_ option: OptionSpec) -> Bool {
        flags.contains(option.name) || values[option.name] != nil
    }

    /// The names of the options given: those with values, then flags, each sorted.
    var given: [String] { values.keys.sorted() + flags.sorted() }
}
