/// One token of a rule's condition, with its 1-based column.
struct RuleToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A bare word: keyword, field name, number, version or date.
        case word(String)
        /// A double-quoted string, unescaped.
        case string(String)
        case comparison(ComparisonOperator)
        case openParenthesis
        case closeParenthesis
        /// `|`: what follows is the message shown when the entitlement is not granted.
        case bar
        case end
    }

    let kind: Kind
    let column: Int

    /// How messages show the token: `"42"`, `end of rule`.
    var shown: String {
        switch kind {
        case .word(let text): "\"\(text)\""
        case .string(let text): "the string \"\(text)\""
        case .comparison(let op): "\"\(op.rawValue)\""
        case .openParenthesis: "\"(\""
        case .closeParenthesis: "\")\""
        case .bar: "\"|\""
        case .end: "end of rule"
        }
    }
}
