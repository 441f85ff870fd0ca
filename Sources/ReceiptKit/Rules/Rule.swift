/// One rule: `ENTITLEMENT: CONDITION`, with where it came from for messages.
package struct Rule: Sendable, Equatable {
    package let entitlement: String
    package let condition: RuleCondition
    /// The rule's text as written.
    package let text: String
    /// Where it was written: `rules.txt:3`, or how the caller names a rule given alone.
    package let origin: String
    /// `| "text"` after the condition: what to show the customer when the entitlement is not granted.
    package let message: String?
    /// Where each `entitled NAME` first appears (1-based column), for errors only the whole rule set finds.
    let referenceColumns: [String: Int]

    package init(
        entitlement: String, condition: RuleCondition, text: String, origin: String, message: String? = nil,
        referenceColumns: [String: Int] = [:]
    ) {
        self.referenceColumns = referenceColumns
        self.entitlement = entitlement
        self.condition = condition
        self.text = text
        self.origin = origin
        self.message = message
    }
}
