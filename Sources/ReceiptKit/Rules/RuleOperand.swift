/// One side of a comparison of two named values (`post_author == reader_id`): a fact or a signed field.
package enum RuleOperand: Sendable, Equatable {
    case fact(String)
    case field(RuleField)

    /// How reasons name the operand: `fact reader_id`, `original purchase date`.
    var label: String {
        switch self {
        case .fact(let name): "fact \(name)"
        case .field(let field): field.label
        }
    }
}
