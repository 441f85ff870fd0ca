#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The condition of a rule, as parsed. `and` and `or` hold their operands in one array, so a flat chain is
/// wide rather than deep, and `RuleParser.maximumDepth` bounds every recursive walk.
package indirect enum RuleCondition: Sendable, Equatable {
    case compareVersion(RuleField, ComparisonOperator, String)
    /// `original_application_version < ios:42 macos:2.0`: the threshold of the platform the version comes from.
    case compareVersionPerPlatform(RuleField, ComparisonOperator, [Platform: String])
    case compareDate(RuleField, ComparisonOperator, Date)
    case compareEnvironment(ComparisonOperator, ReceiptEnvironment)
    case compareString(RuleField, ComparisonOperator, String)
    /// Any purchase of the product made by the evaluation time and not cancelled (refunded) by then.
    case product(String)
    /// `product "X" for TERM`: a purchase held for the term from its purchase date.
    case productForTerm(String, PurchaseTerm)
    /// A subscription period of the product covering the evaluation time, not cancelled by then.
    case subscriptionActive(String)
    /// `subscription "X" in_grace`: the subscription lapsed and is in Apple's billing grace period.
    case subscriptionInGrace(String)
    /// `subscription group "G" active`: any subscription of the group is active.
    case subscriptionGroupActive(String)
    /// `entitled NAME`: the outcome of another entitlement of the same rules.
    case entitled(String)
    /// `free_reads > 0`: a fact the app supplies (``AppFacts``), compared with a value of its kind.
    case compareFact(String, ComparisonOperator, AppFacts.Value)
    /// `post_author == reader_id`: a fact compared with a fact or a field, known only when deciding.
    case compareOperands(RuleOperand, ComparisonOperator, RuleOperand)
    /// `always` (true) or `never` (false): holds for every verified input, or for none.
    case constant(Bool)
    case not(RuleCondition)
    case and([RuleCondition])
    case or([RuleCondition])

    /// Whether the condition reads the field anywhere.
    func mentions(_ field: RuleField) -> Bool {
        switch self {
        case .compareVersion(let own, _, _), .compareDate(let own, _, _), .compareString(let own, _, _),
            .compareVersionPerPlatform(let own, _, _):
            own == field
        case .compareEnvironment: field == .environment
        case .compareOperands(let left, _, let right): left == .field(field) || right == .field(field)
        case .product, .productForTerm, .subscriptionActive, .subscriptionInGrace, .subscriptionGroupActive,
            .entitled, .compareFact, .constant:
            false
        case .not(let inner): inner.mentions(field)
        case .and(let operands), .or(let operands): operands.contains { $0.mentions(field) }
        }
    }

    /// Whether every comparison reads only a transaction's own fields, so that each transaction decides it.
    var readsOnlyTransactionFields: Bool {
        switch self {
        case .compareString(let field, _, _): field.isPerTransaction
        case .compareOperands(.field(let field), _, .fact), .compareOperands(.fact, _, .field(let field)):
            field.isPerTransaction
        case .not(let inner): inner.readsOnlyTransactionFields
        case .and(let operands), .or(let operands): operands.allSatisfy(\.readsOnlyTransactionFields)
        default: false
        }
    }

    /// Whether the condition reads transactions anywhere (a product or subscription).
    var readsTransactions: Bool {
        switch self {
        case .product, .productForTerm, .subscriptionActive, .subscriptionInGrace, .subscriptionGroupActive: true
        case .not(let inner): inner.readsTransactions
        case .and(let operands), .or(let operands): operands.contains(where: \.readsTransactions)
        default: false
        }
    }

    /// The entitlements (`entitled NAME`) and facts the condition reads, each once, in the order written.
    func references() -> References {
        var found = References()
        collect(&found)
        return found
    }

    struct References {
        var entitlements: [String] = []
        var facts: [String] = []
        /// Each fact with each kind of value it is compared with.
        var factKinds: [(name: String, kind: AppFacts.Value.Kind)] = []
        /// Each comparison of two facts, whose kinds must agree.
        var factPairs: [(left: String, op: ComparisonOperator, right: String)] = []
        fileprivate var seen: Set<String> = []
    }

    private func collect(_ found: inout References) {
        switch self {
        case .entitled(let name):
            if found.seen.insert("e " + name).inserted { found.entitlements.append(name) }
        case .compareFact(let name, _, let value):
            if found.seen.insert("f " + name).inserted { found.facts.append(name) }
            if found.seen.insert("k \(value.kind.rawValue) " + name).inserted {
                found.factKinds.append((name, value.kind))
            }
        case .compareOperands(let left, let op, let right):
            for case .fact(let name) in [left, right] where found.seen.insert("f " + name).inserted {
                found.facts.append(name)
            }
            switch (left, right) {
            case (.fact(let name), .field(let field)), (.field(let field), .fact(let name)):
                if let kind = field.factKind, found.seen.insert("k \(kind.rawValue) " + name).inserted {
                    found.factKinds.append((name, kind))
                }
            case (.fact(let first), .fact(let second)):
                found.factPairs.append((first, op, second))
            case (.field, .field):
                break
            }
        case .not(let inner):
            inner.collect(&found)
        case .and(let operands), .or(let operands):
            for operand in operands { operand.collect(&found) }
        default:
            break
        }
    }
}
