/// One side of a comparison of two named values, `post_author == reader_id`: a fact the app gives or a
/// field Apple signed. A literal is no operand: a comparison with one keeps its own condition, whose kind
/// the parser checks.
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

    /// The kind of fact a field may be compared with; nil for a field compared only with values written in
    /// the rule (a version's text, an environment or ownership name), whose meaning no fact carries.
    static func factKind(of field: RuleField) -> AppFacts.Value.Kind? {
        switch field.kind {
        case .date: .date
        case .string: .string
        case .version, .environment, .ownership: nil
        }
    }
}
