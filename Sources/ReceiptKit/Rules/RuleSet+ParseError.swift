extension RuleSet {
    /// Why a rule does not parse: where (origin, 1-based column) and what was expected there.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// `rules.txt:3` for a file line, or the caller's name for a rule given alone.
        public var origin: String
        /// 1-based, counted in Unicode scalars of the rule's line.
        public let column: Int
        /// e.g. `expected a comparison operator, found "42"`.
        public let message: String

        /// An error at `column` of the rule from `origin`, saying `message`.
        public init(origin: String, column: Int, message: String) {
            self.origin = origin
            self.column = column
            self.message = message
        }

        /// An error at `column` of a rule whose origin `RuleParser.parse` fills in.
        init(_ message: String, column: Int) {
            self.init(origin: "", column: column, message: message)
        }

        public var description: String { "\(origin): column \(column): \(message)" }
    }
}
