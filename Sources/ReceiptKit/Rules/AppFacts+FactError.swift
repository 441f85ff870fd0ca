extension AppFacts {
    /// Why facts were refused: a bad name, a duplicate, or a file that is not an object of typed values.
    public struct FactError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, in words for whoever gave the facts.
        public let message: String

        /// An error saying `message`.
        public init(_ message: String) {
            self.message = message
        }

        public var description: String { message }
    }
}
