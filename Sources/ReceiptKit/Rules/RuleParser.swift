#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Parses `ENTITLEMENT: CONDITION` by precedence climbing (`not` > `and` > `or`); parentheses and `not`
/// nest at most `maximumDepth` levels, so a rule cannot make the parser or evaluator recurse deeper.
package struct RuleParser {
    /// Nesting levels (parentheses and `not`) a rule may use.
    package static let maximumDepth = 64

    private var tokens: [RuleToken]
    private var position = 0
    /// The column of each entitlement's first `entitled NAME`.
    private var referenceColumns: [String: Int] = [:]

    /// Parses one rule; `origin` names it in errors (`rules.txt:3`).
    package static func parse(_ text: String, origin: String) throws(RuleSet.ParseError) -> Rule {
        do throws(RuleSet.ParseError) {
            let scalars = Array(text.unicodeScalars)
            let (entitlement, conditionStart) = try entitlementName(scalars)
            var tokenizer = RuleTokenizer(scalars: scalars, start: conditionStart)
            var parser = RuleParser(tokens: try tokenizer.tokens())
            let condition = try parser.expression(minimumPrecedence: 0, depth: 0)
            let message = try parser.message()
            let next = parser.peek
            guard next.kind == .end else {
                throw RuleSet.ParseError(
                    message == nil
                        ? "expected and, or, | \"message\" or the end of the rule, found \(next.shown)"
                        : "expected the end of the rule after the message, found \(next.shown)", column: next.column)
            }
            return Rule(
                entitlement: entitlement, condition: condition,
                text: trimmed(text), origin: origin, message: message, referenceColumns: parser.referenceColumns)
        } catch {
            var located = error
            located.origin = origin
            throw located
        }
    }

    /// The name before the colon, and where the condition starts.
    private static func entitlementName(_ scalars: [Unicode.Scalar]) throws(RuleSet.ParseError) -> (String, Int) {
        var index = 0
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" {
            index += 1
        }
        let start = index
        while index < scalars.count, isNameScalar(scalars[index]) {
            index += 1
        }
        guard index > start else {
            throw RuleSet.ParseError(
                "expected an entitlement name (letters, digits, _ . -), found \(describe(scalars, at: index))",
                column: index + 1)
        }
        var name = String.UnicodeScalarView()
        name.append(contentsOf: scalars[start..<index])
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" {
            index += 1
        }
        guard index < scalars.count, scalars[index] == ":" else {
            throw RuleSet.ParseError(
                "expected \":\" after the entitlement name, found \(describe(scalars, at: index))", column: index + 1)
        }
        return (String(name), index + 1)
    }

    private static func trimmed(_ text: String) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(text.drop(while: blank).reversed().drop(while: blank).reversed())
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "-": true
        default: false
        }
    }

    private static func describe(_ scalars: [Unicode.Scalar], at index: Int) -> String {
        index < scalars.count ? "\"\(scalars[index])\"" : "end of rule"
    }

    /// Words of the rule language, which no fact may be named.
    package static let keywords: Set<String> = [
        "and", "or", "not", "product", "for", "subscription", "group", "active", "in_grace", "entitled", "true",
        "false", "always", "never",
    ]

    /// `| "text"` after the condition, if there is one.
    private mutating func message() throws(RuleSet.ParseError) -> String? {
        guard peek.kind == .bar else { return nil }
        _ = advance()
        let text = try quotedString(what: "a quoted message after |")
        guard !text.isEmpty else {
            throw RuleSet.ParseError("the message is empty", column: tokens[max(0, position - 1)].column)
        }
        return text
    }

    // MARK: - Expressions

    private var peek: RuleToken { tokens[min(position, tokens.count - 1)] }

    private mutating func advance() -> RuleToken {
        let token = peek
        if position < tokens.count - 1 {
            position += 1
        }
        return token
    }

    /// `and` binds tighter than `or`; both are left-associative.
    private static func precedence(of token: RuleToken) -> Int? {
        switch token.kind {
        case .word("or"): 0
        case .word("and"): 1
        default: nil
        }
    }

    /// Precedence climbing; operands of one operator in a row are gathered into one node rather than nested.
    private mutating func expression(minimumPrecedence: Int, depth: Int) throws(RuleSet.ParseError) -> RuleCondition {
        var left = try unary(depth: depth)
        var gathered: Int?
        var operands: [RuleCondition] = []
        while let precedence = Self.precedence(of: peek), precedence >= minimumPrecedence {
            _ = advance()
            let right = try expression(minimumPrecedence: precedence + 1, depth: depth)
            if gathered == precedence {
                operands.append(right)
            } else {
                if let previous = gathered {
                    left = Self.combine(previous, operands)
                }
                operands = [left, right]
                gathered = precedence
            }
        }
        return gathered.map { Self.combine($0, operands) } ?? left
    }

    private static func combine(_ precedence: Int, _ operands: [RuleCondition]) -> RuleCondition {
        precedence == 1 ? .and(operands) : .or(operands)
    }

    private mutating func unary(depth: Int) throws(RuleSet.ParseError) -> RuleCondition {
        let token = peek
        switch token.kind {
        case .word("not"):
            try checkDepth(depth + 1, at: token)
            _ = advance()
            return .not(try unary(depth: depth + 1))
        case .openParenthesis:
            try checkDepth(depth + 1, at: token)
            _ = advance()
            let inner = try expression(minimumPrecedence: 0, depth: depth + 1)
            let close = advance()
            guard close.kind == .closeParenthesis else {
                throw RuleSet.ParseError("expected \")\", found \(close.shown)", column: close.column)
            }
            return inner
        default:
            return try primary()
        }
    }

    private func checkDepth(_ depth: Int, at token: RuleToken) throws(RuleSet.ParseError) {
        guard depth <= Self.maximumDepth else {
            throw RuleSet.ParseError(
                "rule nested deeper than \(Self.maximumDepth) levels of parentheses and not", column: token.column)
        }
    }

    private mutating func primary() throws(RuleSet.ParseError) -> RuleCondition {
        let token = advance()
        switch token.kind {
        case .word("product"):
            let product = try quotedString(what: "a quoted product id")
            guard peek.kind == .word("for") else { return .product(product) }
            _ = advance()
            let term = advance()
            guard case .word(let text) = term.kind, let duration = PurchaseTerm(text) else {
                throw RuleSet.ParseError(
                    "expected an ISO 8601 term such as P1Y, P6M, P30D or PT12H, found \(term.shown)",
                    column: term.column)
            }
            return .productForTerm(product, duration)
        case .word("subscription"):
            if peek.kind == .word("group") {
                _ = advance()
                let group = try quotedString(what: "a quoted subscription group id")
                let keyword = advance()
                guard keyword.kind == .word("active") else {
                    throw RuleSet.ParseError("expected active, found \(keyword.shown)", column: keyword.column)
                }
                return .subscriptionGroupActive(group)
            }
            let product = try quotedString(what: "a quoted product id")
            let keyword = advance()
            switch keyword.kind {
            case .word("active"): return .subscriptionActive(product)
            case .word("in_grace"): return .subscriptionInGrace(product)
            default:
                throw RuleSet.ParseError("expected active or in_grace, found \(keyword.shown)", column: keyword.column)
            }
        case .word("always"):
            return .constant(true)
        case .word("never"):
            return .constant(false)
        case .word("true"), .word("false"):
            // One spelling for each constant: `true` and `false` are the values of boolean facts.
            throw RuleSet.ParseError(
                "expected a condition, found \(token.shown): a rule that always holds says always, one that never holds says never",
                column: token.column)
        case .word("entitled"):
            let name = advance()
            guard case .word(let entitlement) = name.kind, Self.isEntitlementName(entitlement) else {
                throw RuleSet.ParseError(
                    "expected an entitlement name (letters, digits, _ . -) after entitled, found \(name.shown)",
                    column: name.column)
            }
            if referenceColumns[entitlement] == nil {
                referenceColumns[entitlement] = name.column
            }
            return .entitled(entitlement)
        case .word(let name):
            if let field = RuleField(rawValue: name) {
                return try comparison(field)
            }
            // A field Apple signs that rules do not read is a misspelt or unsupported field, not a fact.
            guard AppFacts.isFactShaped(name), !SignedFieldNames.contains(name) else {
                throw RuleSet.ParseError(
                    "expected a field (\(RuleField.allCases.map(\.rawValue).joined(separator: ", "))), "
                        + "a fact name, product, subscription, entitled, not or \"(\", found \(token.shown)",
                    column: token.column)
            }
            try Self.checkFact(name, at: token)
            return try factComparison(name)
        default:
            throw RuleSet.ParseError("expected a condition, found \(token.shown)", column: token.column)
        }
    }

    /// `ios:42 macos:2.0`: one version per platform, each platform once.
    private mutating func perPlatform(_ field: RuleField, _ op: ComparisonOperator, first: RuleToken)
        throws(RuleSet.ParseError) -> RuleCondition
    {
        var thresholds: [Platform: String] = [:]
        var token = first
        while true {
            guard case .word(let word) = token.kind, let colon = word.firstIndex(of: ":"),
                let platform = Platform(rawValue: String(word[..<colon])),
                AppVersion(String(word[word.index(after: colon)...])) != nil
            else {
                throw RuleSet.ParseError(
                    "expected PLATFORM:VERSION such as ios:42 or macos:2.0, found \(token.shown)", column: token.column)
            }
            guard thresholds[platform] == nil else {
                throw RuleSet.ParseError("\(platform.rawValue) is given a threshold twice", column: token.column)
            }
            thresholds[platform] = String(word[word.index(after: colon)...])
            guard case .word(let next) = peek.kind, next.contains(":") else { break }
            token = advance()
        }
        return .compareVersionPerPlatform(field, op, thresholds)
    }

    /// `free_reads > 0`, `is_author == true`, `plan == "pro"`, `signed_up < 2024-01-01`.
    private mutating func factComparison(_ name: String) throws(RuleSet.ParseError) -> RuleCondition {
        let (op, operatorToken) = try comparisonOperator(after: " after the fact \(name)")
        let valueToken = advance()
        if case .word(let word) = valueToken.kind, AppFacts.Value(literal: word) == nil,
            let other = try namedOperand(word, at: valueToken)
        {
            if case .field(let field) = other {
                guard let kind = field.factKind else {
                    throw Self.writtenOnly(field, at: valueToken, found: nil)
                }
                try Self.checkOrder(op, at: operatorToken, ordered: kind.isOrdered, what: field.rawValue)
            }
            return .compareOperands(.fact(name), op, other)
        }
        let literal: AppFacts.Value? =
            switch valueToken.kind {
            case .string(let text): .string(text)
            case .word(let word): AppFacts.Value(literal: word)
            default: nil
            }
        guard let value = literal else {
            throw RuleSet.ParseError(
                "expected a number, true, false, a date such as 2024-01-01, a quoted string, a fact or a field, found \(valueToken.shown)",
                column: valueToken.column)
        }
        try Self.checkOrder(op, at: operatorToken, ordered: value.kind.isOrdered, what: "a \(value.kind.rawValue)")
        return .compareFact(name, op, value)
    }

    /// Refuses an ordering operator (`<`...) on `what`, when it is compared for equality only.
    private static func checkOrder(_ op: ComparisonOperator, at token: RuleToken, ordered: Bool, what: String)
        throws(RuleSet.ParseError)
    {
        guard !op.isEquality, !ordered else { return }
        throw RuleSet.ParseError(
            "expected == or != (\(what) is compared for equality only), found \(token.shown)", column: token.column)
    }

    /// The fact or field a word names where a value may stand; nil when it is no name, to read as a literal.
    private func namedOperand(_ word: String, at token: RuleToken) throws(RuleSet.ParseError) -> RuleOperand? {
        if let field = RuleField(rawValue: word) { return .field(field) }
        guard AppFacts.isFactShaped(word) else { return nil }
        try Self.checkFact(word, at: token)
        return .fact(word)
    }

    private static func checkFact(_ name: String, at token: RuleToken) throws(RuleSet.ParseError) {
        do throws(AppFacts.FactError) {
            try AppFacts.check(name: name)
        } catch {
            throw RuleSet.ParseError(error.message, column: token.column)
        }
    }

    /// A field whose values only the rule may write met with a name (`found`, when given, on its right).
    private static func writtenOnly(_ field: RuleField, at token: RuleToken, found: RuleToken?) -> RuleSet.ParseError {
        let what = found.map { " or field, found \($0.shown)" } ?? ""
        return RuleSet.ParseError(
            "\(field.rawValue) is compared with \(expectedValue(field.kind)) written in the rule, not with a fact\(what)",
            column: token.column)
    }

    /// How messages describe the values a field is compared with.
    private static func expectedValue(_ kind: RuleField.Kind) -> String {
        switch kind {
        case .version: "a version such as 42 or 1.10"
        case .date: "a date such as 2024-01-01 or 2024-01-01T00:00:00Z"
        case .environment: "production, sandbox, xcode or unknown"
        case .ownership: "purchased or family_shared"
        case .string, .writtenString: "a quoted string"
        case .integer: "a whole number such as 12"
        }
    }

    static func isEntitlementName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy(isNameScalar)
    }

    private mutating func quotedString(what: String) throws(RuleSet.ParseError) -> String {
        let token = advance()
        guard case .string(let text) = token.kind else {
            throw RuleSet.ParseError("expected \(what), found \(token.shown)", column: token.column)
        }
        return text
    }

    /// The comparison operator that must come next; `context` says what it follows, or is empty.
    private mutating func comparisonOperator(after context: String = "") throws(RuleSet.ParseError) -> (
        ComparisonOperator, RuleToken
    ) {
        let token = advance()
        guard case .comparison(let op) = token.kind else {
            throw RuleSet.ParseError(
                "expected a comparison operator\(context), found \(token.shown)", column: token.column)
        }
        return (op, token)
    }

    private mutating func comparison(_ field: RuleField) throws(RuleSet.ParseError) -> RuleCondition {
        let (op, operatorToken) = try comparisonOperator()
        let ordered = ![.environment, .string, .ownership, .writtenString].contains(field.kind)
        try Self.checkOrder(op, at: operatorToken, ordered: ordered, what: field.rawValue)
        let value = advance()
        if field.kind == .version, case .word(let word) = value.kind, word.contains(":") {
            return try perPlatform(field, op, first: value)
        }
        // A name where the value goes: a fact, or a field; environments and ownerships are names too.
        if field.kind != .environment, field.kind != .ownership, case .word(let word) = value.kind,
            RuleField(rawValue: word) != nil || AppFacts.isFactShaped(word)
        {
            guard field.factKind != nil else {
                throw Self.writtenOnly(field, at: value, found: value)
            }
            guard let other = try namedOperand(word, at: value), case .fact = other else {
                throw RuleSet.ParseError(
                    "expected \(Self.expectedValue(field.kind)) or a fact, found the field \(value.shown): a field is compared with a value or a fact",
                    column: value.column)
            }
            return .compareOperands(.field(field), op, other)
        }
        let invalid = RuleSet.ParseError(
            "expected \(Self.expectedValue(field.kind)), found \(value.shown)", column: value.column)
        let text: String
        switch value.kind {
        case .word(let word) where field.kind != .string && field.kind != .writtenString: text = word
        case .string(let string): text = string
        default: throw invalid
        }
        switch field.kind {
        case .version:
            guard AppVersion(text) != nil else { throw invalid }
            return .compareVersion(field, op, text)
        case .date:
            guard let date = Self.date(text) else { throw invalid }
            return .compareDate(field, op, date)
        case .environment:
            guard let environment = ReceiptEnvironment(rawValue: text) else { throw invalid }
            return .compareEnvironment(op, environment)
        case .string, .writtenString:
            return .compareString(field, op, text)
        case .integer:
            // Kept as its digits, read back per transaction: `holds(_:for:)`.
            guard Int64(text) != nil else { throw invalid }
            return .compareString(field, op, text)
        case .ownership:
            guard text == "purchased" || text == "family_shared" else { throw invalid }
            return .compareString(field, op, text.uppercased())
        }
    }

    /// `2024-01-01` (midnight UTC) or a full RFC 3339 time.
    package static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        let isDay = bytes.count == 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
        return try? RFC3339.parse(isDay ? text + "T00:00:00Z" : text)
    }
}
