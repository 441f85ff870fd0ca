#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The condition of a rule, as parsed. Its depth is bounded by `RuleParser.maximumDepth`.
public indirect enum RuleCondition: Sendable, Equatable {
    case compareVersion(RuleField, ComparisonOperator, String)
    case compareDate(RuleField, ComparisonOperator, Date)
    case compareEnvironment(ComparisonOperator, ReceiptEnvironment)
    case compareString(RuleField, ComparisonOperator, String)
    /// Any purchase of the product not cancelled (refunded) at evaluation time.
    case product(String)
    /// A subscription period of the product covering the evaluation time, not cancelled by then.
    case subscriptionActive(String)
    case not(RuleCondition)
    case and(RuleCondition, RuleCondition)
    case or(RuleCondition, RuleCondition)

    /// Whether the condition reads the field anywhere.
    func mentions(_ field: RuleField) -> Bool {
        switch self {
        case .compareVersion(let own, _, _), .compareDate(let own, _, _), .compareString(let own, _, _):
            own == field
        case .compareEnvironment: field == .environment
        case .product, .subscriptionActive: false
        case .not(let inner): inner.mentions(field)
        case .and(let left, let right), .or(let left, let right): left.mentions(field) || right.mentions(field)
        }
    }
}
