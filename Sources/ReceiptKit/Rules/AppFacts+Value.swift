#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
extension AppFacts {
    /// A value the app knows about its user, typed so that a rule comparing a number with a date is refused.
    public enum Value: Sendable, Equatable {
        /// A number, e.g. `3` or `2.5`.
        case number(Double)
        /// A string (in double quotes as a literal).
        case string(String)
        /// `true` or `false`.
        case boolean(Bool)
        /// A moment: a `YYYY-MM-DD` day or an RFC 3339 time.
        case date(Date)

        /// A value's type, as messages name it: a rule may compare a fact only with a value of its type.
        public enum Kind: String, Sendable {
            /// The type of the value case of the same name.
            case number, string, boolean, date

            /// Whether values of the kind have an order (`<`, `>=`...): numbers and dates do.
            var isOrdered: Bool { self == .number || self == .date }
        }

        /// This value's type.
        public var kind: Kind {
            switch self {
            case .number: .number
            case .string: .string
            case .boolean: .boolean
            case .date: .date
            }
        }

        /// Reads `true`/`false`, a decimal number, a date or a string in double quotes; nil for a stray word.
        public init?(literal text: String) {
            if let quoted = Self.unquoted(text) {
                self = .string(quoted)
            } else if text == "true" || text == "false" {
                self = .boolean(text == "true")
            } else if let number = Self.number(text) {
                self = .number(number)
            } else if let date = RuleParser.date(text) {
                self = .date(date)
            } else {
                return nil
            }
        }

        /// A decimal number as people write one: no exponents, hex, `inf` or `nan`, which `Double(_:)` would accept.
        static func number(_ text: String) -> Double? {
            var bytes = Array(text.utf8)[...]
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
                bytes = bytes.dropFirst()
            }
            let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            let isDigits: (ArraySlice<UInt8>) -> Bool = { part in
                !part.isEmpty && part.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            }
            guard parts.count <= 2, text.utf8.count <= 40, parts.allSatisfy(isDigits) else { return nil }
            return Double(text)
        }

        private static func unquoted(_ text: String) -> String? {
            guard text.utf8.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return nil }
            return String(text.dropFirst().dropLast())
        }

        /// Whether `self op other` holds: nil when the kinds differ or `op` orders a kind that has no order.
        func holds(_ op: ComparisonOperator, against other: AppFacts.Value) -> Bool? {
            guard op.isEquality || kind.isOrdered, let order = order(against: other) else { return nil }
            return op.holds(order)
        }

        /// Three-way order of two values of one kind, nil when the kinds differ; only 0 or 1 for unordered kinds.
        private func order(against other: AppFacts.Value) -> Int? {
            switch (self, other) {
            case (.number(let left), .number(let right)): left < right ? -1 : (left == right ? 0 : 1)
            case (.date(let left), .date(let right)): left < right ? -1 : (left == right ? 0 : 1)
            case (.string(let left), .string(let right)): left.isIdentical(to: right) ? 0 : 1
            case (.boolean(let left), .boolean(let right)): left == right ? 0 : 1
            default: nil
            }
        }

        /// How reasons show the value: `3`, `"pro"`, `true`, `2024-01-01T00:00:00Z`.
        public var shown: String {
            switch self {
            case .number(let value):
                value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
            case .string(let value): "\"\(value)\""
            case .boolean(let value): value ? "true" : "false"
            case .date(let value): RFC3339.format(value) ?? "?"
            }
        }
    }
}
