/// An option declared once, in its command's option table: the spec the parser, `--help`, the man page
/// and the completions read, and the type of what a command line gives for it (`Bool` for a flag,
/// `String` for one value, `[String]` for a repeatable option). Read with `arguments[key]`: a key is a
/// declaration, so a misspelt one does not compile.
struct OptionKey<Value>: Sendable {
    let spec: OptionSpec

    /// The long name, without its dashes.
    var name: String { spec.name }
    /// `--name`, as messages write it.
    var flag: String { "--\(spec.name)" }
}

extension OptionKey where Value == Bool {
    /// A flag: given or not, once at most.
    static func flag(_ name: String, short: Character? = nil, help: String) -> Self {
        OptionKey(spec: OptionSpec(name, short: short, help: help))
    }
}

extension OptionKey where Value == String {
    /// An option with one value (`value` names it in help), given once at most.
    static func value(
        _ name: String, short: Character? = nil, _ value: String, choices: [String]? = nil, help: String
    ) -> Self {
        OptionKey(spec: OptionSpec(name, short: short, value: value, choices: choices, help: help))
    }
}

extension OptionKey where Value == [String] {
    /// An option given any number of times; its values in the order given.
    static func repeated(_ name: String, _ value: String, choices: [String]? = nil, help: String) -> Self {
        OptionKey(spec: OptionSpec(name, value: value, repeatable: true, choices: choices, help: help))
    }
}
