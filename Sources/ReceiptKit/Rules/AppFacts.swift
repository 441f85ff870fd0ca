#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the app knows about its user and hands to the rules beside the signed data. Facts are the app's
/// word, so they can never take the name of a field Apple signs.
public struct AppFacts: Sendable, Equatable {
    /// The facts given, by name.
    public private(set) var values: [String: AppFacts.Value] = [:]

    /// Facts a file or command line may give: enough for any app's state, few enough to cost nothing.
    public static let maximumCount = 256
    static let maximumNameLength = 64

    /// No facts: add them with ``add(_:_:)`` or ``add(json:)``.
    public init() {}

    /// Adds one fact; the name must be a fact name (see `check(name:)`) and not given before.
    public mutating func add(_ name: String, _ value: AppFacts.Value) throws(AppFacts.FactError) {
        try Self.check(name: name)
        guard values[name] == nil else { throw AppFacts.FactError("fact \(name) is given twice") }
        guard values.count < Self.maximumCount else {
            throw AppFacts.FactError("more than \(Self.maximumCount) facts")
        }
        values[name] = value
    }

    /// Adds the members of a JSON object: numbers, booleans, and strings (an RFC 3339 time or a day is a date).
    public mutating func add(json bytes: [UInt8]) throws(AppFacts.FactError) {
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(
                bytes, limits: JSONParser.Limits(maximumDepth: 2, maximumValues: Self.maximumCount + 1))
        } catch  where error.kind == .tooManyValues {
            // The parser counts the object as a value too: its count would name one more than the facts' limit.
            throw AppFacts.FactError("more than \(Self.maximumCount) facts")
        } catch {
            throw AppFacts.FactError("not a JSON object of facts: \(error)")
        }
        guard case .object(let members) = parsed else {
            throw AppFacts.FactError("not a JSON object of facts: the text is not an object")
        }
        for name in members.keys.sorted() {
            let value: AppFacts.Value
            switch members[name] {
            case .bool(let flag): value = .boolean(flag)
            case .integer(let number): value = .number(Double(number))
            case .number(let number): value = .number(number)
            case .string(let text): value = RuleParser.date(text).map(AppFacts.Value.date) ?? .string(text)
            default:
                throw AppFacts.FactError(
                    "fact \(name): expected a number, boolean or string, found an array, object or null")
            }
            try add(name, value)
        }
    }

    /// A fact name is lowercase `snake_case`, and neither a rule word nor the name of a field Apple signs.
    public static func check(name: String) throws(AppFacts.FactError) {
        guard isFactShaped(name) else {
            throw AppFacts.FactError(
                "fact name '\(name)' must be lowercase snake_case (a letter, then a-z 0-9 _), at most \(maximumNameLength) characters"
            )
        }
        if RuleField(rawValue: name) != nil || SignedFieldNames.contains(name) {
            throw AppFacts.FactError(
                "fact name '\(name)' is the name of a field Apple signs: facts cannot stand in for signed data")
        }
        if RuleParser.keywords.contains(name) {
            throw AppFacts.FactError("fact name '\(name)' is a word of the rule language")
        }
    }

    /// Lowercase `snake_case` of a bounded length: what a rule reads as a fact name.
    static func isFactShaped(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let isLetter: (UInt8) -> Bool = { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
        let isNameByte: (UInt8) -> Bool = {
            isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_")
        }
        guard let first = bytes.first, isLetter(first), bytes.count <= maximumNameLength else { return false }
        return bytes.allSatisfy(isNameByte)
    }
}
