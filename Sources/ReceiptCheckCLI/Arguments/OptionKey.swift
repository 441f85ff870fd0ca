/// An option declared once: its spec (which the parser, help, man page and completions read) and how a given
/// text becomes its typed value, so that every message about a bad value is worded by its declaration.
struct OptionKey<Value>: Sendable {
    let spec: OptionSpec
    /// Reads one given text as the option's value: nil when the text is not one.
    let read: @Sendable (String) -> Value?
    /// What the option takes, as its message says it: "--jobs takes `takes`, not 'x'".
    let takes: String

    var name: String { spec.name }
    var flag: String { spec.flag }

    /// An option with one value (`value` names it in help) that `read` types; `takes` words a refused text.
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

extension OptionKey {
    /// `text` as the option's value, or the usage error its declaration words: "--jobs takes `takes`, not 'x'".
    func value(of text: String) throws(UsageError) -> Value {
        guard let value = read(text) else { throw UsageError("\(flag) takes \(takes), not '\(text)'") }
        return value
    }

    /// A repeatable option each of whose values `each` reads, worded as `each` words them.
    static func repeated<Element>(_ each: OptionKey<Element>) -> Self where Value == [Element] {
        let spec = each.spec
        return OptionKey(
            spec: OptionSpec(
                spec.name, short: spec.short, value: spec.valueName, repeatable: true, choices: spec.choices,
                help: spec.help),
            read: { each.read($0).map { [$0] } }, takes: each.takes)
    }
}

extension OptionKey where Value: OptionChoice {
    /// One of `Value`'s cases, named by its raw value in any case: help and the completions list them.
    static func choice(_ name: String, _ value: String, help: String) -> Self {
        let choices = Value.allCases.map(\.rawValue)
        return OptionKey(
            spec: OptionSpec(name, value: value, choices: choices, help: help),
            read: { text in Value.allCases.first { $0.rawValue.lowercased() == text.lowercased() } },
            takes: "one of " + choices.joined(separator: ", "))
    }
}

extension OptionKey where Value == Int64 {
    /// Milliseconds since 1970 in decimal digits only, so that `+5` or ` 5` is not taken for a time.
    static func milliseconds(_ name: String, takes: String, help: String) -> Self {
        parsed(name, "MS", takes: takes, help: help) { text in
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return nil }
            return Int64(text)
        }
    }
}
