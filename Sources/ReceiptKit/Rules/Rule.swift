/// One rule: `ENTITLEMENT: CONDITION`, with where it came from for messages.
public struct Rule: Sendable, Equatable {
    public let entitlement: String
    public let condition: RuleCondition
    /// The rule's text as written.
    public let text: String
    /// Where it was written: `rules.txt:3` or `--rule 2`.
    public let origin: String
    /// `| "text"` after the condition: what to show the customer when the entitlement is not granted.
    public let message: String?
    /// Where each `entitled NAME` of the condition first appears (1-based column), for errors that
    /// only the whole rule set can find: a reference to nothing, a cycle.
    let referenceColumns: [String: Int]

    public init(entitlement: String, condition: RuleCondition, text: String, origin: String, message: String? = nil) {
        self.init(
            entitlement: entitlement, condition: condition, text: text, origin: origin, message: message,
            referenceColumns: [:])
    }

    init(
        entitlement: String, condition: RuleCondition, text: String, origin: String, message: String?,
        referenceColumns: [String: Int]
    ) {
        self.referenceColumns = referenceColumns
        self.entitlement = entitlement
        self.condition = condition
        self.text = text
        self.origin = origin
        self.message = message
    }
}
