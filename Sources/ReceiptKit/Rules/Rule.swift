/// One rule: `ENTITLEMENT: CONDITION`, with where it came from for messages.
public struct Rule: Sendable, Equatable {
    public let entitlement: String
    public let condition: RuleCondition
    /// The rule's text as written.
    public let text: String
    /// Where it was written: `rules.txt:3` or `--rule 2`.
    public let origin: String

    public init(entitlement: String, condition: RuleCondition, text: String, origin: String) {
        self.entitlement = entitlement
        self.condition = condition
        self.text = text
        self.origin = origin
    }
}
