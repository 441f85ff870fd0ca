/// `<`, `<=`, `>`, `>=`, `==` or `!=` in a rule.
public enum ComparisonOperator: String, Sendable, CaseIterable {
    /// `<`
    case less = "<"
    /// `<=`
    case lessOrEqual = "<="
    /// `>`
    case greater = ">"
    /// `>=`
    case greaterOrEqual = ">="
    /// `==`
    case equal = "=="
    /// `!=`
    case notEqual = "!="

    /// Whether a three-way comparison result (negative, zero, positive) satisfies the operator.
    func holds(_ order: Int) -> Bool {
        switch self {
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        case .equal: order == 0
        case .notEqual: order != 0
        }
    }

    var isEquality: Bool { self == .equal || self == .notEqual }
}
