/// Splits a rule's condition into tokens, by hand so that every error can name its column.
struct RuleTokenizer {
    private let scalars: [Unicode.Scalar]
    private var index: Int

    /// Tokenizes `scalars` from `start` (an index into the whole rule line, so columns are the line's).
    init(scalars: [Unicode.Scalar], start: Int) {
        self.scalars = scalars
        self.index = start
    }

    /// Characters of a bare word: names, versions (`3.3.1b4`) and dates (`2024-01-01T00:00:00+02:00`).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "-", ":", "+": true
        default: false
        }
    }

    mutating func tokens() throws(RuleSet.ParseError) -> [RuleToken] {
        var tokens: [RuleToken] = []
        while true {
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" {
                index += 1
            }
            guard index < scalars.count else {
                tokens.append(RuleToken(kind: .end, column: index + 1))
                return tokens
            }
            let column = index + 1
            let scalar = scalars[index]
            switch scalar {
            case "(":
                index += 1
                tokens.append(RuleToken(kind: .openParenthesis, column: column))
            case ")":
                index += 1
                tokens.append(RuleToken(kind: .closeParenthesis, column: column))
            case "|":
                index += 1
                tokens.append(RuleToken(kind: .bar, column: column))
            case "#":
                // A comment runs to the end of the line; inside a string `#` is text (`quoted()` reads it).
                tokens.append(RuleToken(kind: .end, column: column))
                return tokens
            case "\"":
                tokens.append(RuleToken(kind: .string(try quoted()), column: column))
            case "<", ">", "=", "!":
                tokens.append(RuleToken(kind: .comparison(try comparison()), column: column))
            default:
                guard Self.isWordScalar(scalar) else {
                    throw RuleSet.ParseError("unexpected character \"\(scalar)\"", column: column)
                }
                let start = index
                while index < scalars.count, Self.isWordScalar(scalars[index]) {
                    index += 1
                }
                var word = String.UnicodeScalarView()
                word.append(contentsOf: scalars[start..<index])
                tokens.append(RuleToken(kind: .word(String(word)), column: column))
            }
        }
    }

    private mutating func comparison() throws(RuleSet.ParseError) -> ComparisonOperator {
        let column = index + 1
        let first = scalars[index]
        index += 1
        let followedByEquals = index < scalars.count && scalars[index] == "="
        if followedByEquals {
            index += 1
        }
        switch (first, followedByEquals) {
        case ("<", false): return .less
        case ("<", true): return .lessOrEqual
        case (">", false): return .greater
        case (">", true): return .greaterOrEqual
        case ("=", true): return .equal
        case ("!", true): return .notEqual
        default:
            throw RuleSet.ParseError(
                "expected a comparison operator (< <= > >= == !=), found \"\(first)\"", column: column)
        }
    }

    /// A double-quoted string; `\"` and `\\` are the only escapes.
    private mutating func quoted() throws(RuleSet.ParseError) -> String {
        let column = index + 1
        index += 1
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\"":
                return String(text)
            case "\\":
                guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "\\" else {
                    throw RuleSet.ParseError("expected \\\" or \\\\ after a backslash in a string", column: index)
                }
                text.append(scalars[index])
                index += 1
            default:
                text.append(scalar)
            }
        }
        throw RuleSet.ParseError("string not closed: expected a closing \"", column: column)
    }
}
