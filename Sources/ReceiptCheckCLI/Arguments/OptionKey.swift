/// An option declared once, in its command's option table: the spec the parser, `--help`, the man page
/// and the completions read, and the type of what a command line gives for it (`Bool` for a flag,
/// `String` for one value as given, `[String]` for a repeatable option, or the value's own type: a number
/// within its range, a choice, a time). A key that reads its value also says what the option takes, so
/// every message about a bad value is worded by its declaration. Read with `arguments[key]`, or
/// `arguments.value(key)` for a key that reads: a key is a declaration, so a misspelt one does not compile.
struct OptionKey<Value>: Sendable {
    let spec: OptionSpec
    /// Reads one given text as the option's value: nil when the text is not one.
    let read: @Sendable (String) -> Value?
    /// What the option takes, as its message says it: "--jobs takes `takes`, not 'x'".
    let takes: String

    /// The long name, without its dashes.
    var name: String { spec.name }
    /// `--name`, as messages write it.
    var flag: String { "--\(spec.name)" }

    /// An option with one value (`value` names it in help) that `read` turns into its type; `takes`
    /// says what it takes, for the message about a text it refuses.
    static func parsed(
        _ name: String, short: Character? = nil, _ value: String, takes: String, help: String,
        _ read: @escaping @Sendable (String) -> Value?
    ) -> Self {
        OptionKey(spec: OptionSpec(name, short: short, value: value, help: help), read: read, takes: takes)
    }
}

extension OptionKey where Value == Bool {
    /// A flag: given or not, once at most.
    static func flag(_ name: String, short: Character? = nil, help: String) -> Self {
        OptionKey(spec: OptionSpec(name, short: short, help: help), read: { _ in true }, takes: "no value")
    }
}

extension OptionKey where Value == String {
    /// An option with one value (`value` names it in help), given once at most.
    static func value(
        _ name: String, short: Character? = nil, _ value: String, choices: [String]? = nil, help: String
    ) -> Self {
        OptionKey(
            spec: OptionSpec(name, short: short, value: value, choices: choices, help: help), read: { $0 },
            takes: value)
    }
}

extension OptionKey where Value == [String] {
    /// An option given any number of times; its values in the order given.
    static func repeated(_ name: String, _ value: String, choices: [String]? = nil, help: String) -> Self {
        OptionKey(
            spec: OptionSpec(name, value: value, repeatable: true, choices: choices, help: help), read: { [$0] },
            takes: value)
    }
}

extension OptionKey where Value: FixedWidthInteger & Sendable {
    /// A whole number within `range`: "--jobs takes a number of parallel checks from 1 to 1024".
    static func number(
        _ name: String, short: Character? = nil, _ value: String, in range: ClosedRange<Value>, takes: String,
        help: String
    ) -> Self {
        parsed(
            name, short: short, value, takes: "\(takes) from \(range.lowerBound) to \(range.upperBound)", help: help
        ) {
            Value($0).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// A whole number at least `range`'s bound; `takes` says which ("a positive number of bytes").
    static func number(
        _ name: String, _ value: String, in range: PartialRangeFrom<Value>, takes: String, help: String
    ) -> Self {
        parsed(name, value, takes: takes, help: help) { Value($0).flatMap { range.contains($0) ? $0 : nil } }
    }
}
