#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `ownership` and `app_account_token`, of which facts may hold many: beside a product in one `and` they
/// narrow it to the transactions they hold for (`product "X" and ownership == purchased`); alone, they hold
/// when they hold for every transaction.
extension RuleEvaluator {
    /// `ownership == purchased` over every transaction: true or false when all agree, unknown otherwise.
    func ownership(_ op: ComparisonOperator, _ text: String) -> Outcome {
        let values = facts.purchases.compactMap(\.ownershipType)
        guard !values.isEmpty, values.count == facts.purchases.count else { return missing(.ownership) }
        var seen = Set<[UInt8]>()
        let distinct = values.map(\.rawValue).filter { seen.insert(Array($0.utf8)).inserted }
        let holds = distinct.map { op.holds($0.isIdentical(to: text) ? 0 : 1) }
        if distinct.count == 1 {
            return compared("ownership", "\"\(distinct[0])\"", op, "\"\(text)\"", holds: holds[0])
        }
        let shown = distinct.map { "\"\($0)\"" }.joined(separator: ", ")
        guard holds.allSatisfy({ $0 == holds[0] }) else {
            return .unknown(
                "ownership differs among the \(values.count) transactions (\(shown)): which one \(op.rawValue) \"\(text)\" is unknown; name the product (product \"X\" and ownership \(op.rawValue) \(text.lowercased()))",
                code: .ambiguousTransactions)
        }
        return Outcome(
            satisfied: holds[0],
            reasons: [
                "ownership of every transaction (\(shown)) \(holds[0] ? "" : "is not ")\(op.rawValue) \"\(text)\""
            ])
    }

    /// An `and` of ownership operands beside operands that read transactions, read over the matching ones only.
    func ownershipScoped(_ operands: [RuleCondition]) -> Outcome? {
        let scope = operands.filter(\.readsOnlyTransactionFields)
        let rest = operands.filter { !$0.readsOnlyTransactionFields }
        guard !scope.isEmpty, rest.contains(where: \.readsTransactions) else { return nil }
        let predicate = RuleCondition.and(scope)
        if let unusable = unusableFact(in: predicate) { return unusable }
        let fields = [RuleField.ownership, .appAccountToken, .sku, .commitmentBillingPeriod].filter {
            predicate.mentions($0)
        }
        let what = fields.map(\.label).joined(separator: " and ")
        var undecided = 0
        // Why transactions were undecided, so that the note names those causes and no other.
        var lacking: [RuleField] = []
        var unmatched = false
        var narrowed = self
        narrowed.facts = facts.keepingPurchases { purchase in
            guard let holds = holds(predicate, for: purchase) else {
                undecided += 1
                let absent = fields.filter { !Self.carries($0, purchase) }
                lacking += absent.filter { !lacking.contains($0) }
                unmatched = unmatched || absent.isEmpty
                return false
            }
            return holds
        }
        let outcome = narrowed.evaluate(rest.count == 1 ? rest[0] : .and(rest))
        let label =
            "of the \(narrowed.facts.purchases.count) of \(facts.purchases.count) transactions whose \(what) holds: "
        if outcome.value != true, undecided > 0 {
            let absent =
                lacking.isEmpty
                ? []
                : [
                    "carry no \(lacking.map(\.label).joined(separator: " or ")) (\(lacking.map(\.absenceNote).joined(separator: "; ")))"
                ]
            let note =
                (absent + (unmatched ? ["carry an app account token that is no UUID or is compared with no UUID"] : []))
                .joined(separator: " or ")
            return Outcome(
                value: nil,
                reasons: outcome.reasons.map { label + $0 } + ["\(undecided) transactions \(note): unknown"],
                code: lacking.isEmpty ? .notComparable : .fieldMissing)
        }
        return Outcome(value: outcome.value, reasons: outcome.reasons.map { label + $0 }, code: outcome.code)
    }

    /// A condition of a transaction's own fields for one transaction; nil when the transaction lacks a field
    /// or a compared fact is not a given string.
    func holds(_ condition: RuleCondition, for purchase: PurchaseFacts) -> Bool? {
        switch condition {
        case .compareString(.ownership, let op, let text):
            return purchase.ownershipType.map { op.holds($0.rawValue.isIdentical(to: text) ? 0 : 1) }
        case .compareString(.appAccountToken, let op, let text):
            return purchase.appAccountToken.flatMap { Self.sameToken($0, text) }.map { op.holds($0 ? 0 : 1) }
        case .compareString(.sku, let op, let text):
            return purchase.skus.map { skus in op.holds(skus.contains { $0.isIdentical(to: text) } ? 0 : 1) }
        case .compareString(.commitmentBillingPeriod, let op, let text):
            guard let bound = Int64(text), let period = purchase.commitmentBillingPeriod else { return nil }
            return op.holds(period < bound ? -1 : (period == bound ? 0 : 1))
        case .compareOperands(.field(.appAccountToken), let op, .fact(let name)),
            .compareOperands(.fact(let name), let op, .field(.appAccountToken)):
            guard let token = purchase.appAccountToken, case .string(let text)? = appFacts.values[name],
                let same = Self.sameToken(token, text)
            else { return nil }
            return op.holds(same ? 0 : 1)
        case .not(let inner):
            return holds(inner, for: purchase).map { !$0 }
        case .and(let operands):
            let values = operands.map { holds($0, for: purchase) }
            if values.contains(false) { return false }
            return values.contains(nil) ? nil : true
        case .or(let operands):
            let values = operands.map { holds($0, for: purchase) }
            if values.contains(true) { return true }
            return values.contains(nil) ? nil : false
        default:
            return nil
        }
    }

    /// Tokens compared as the UUID's bytes (Apple writes lowercase, `uuidString` uppercase); nil for no UUID.
    static func sameToken(_ token: String, _ other: String) -> Bool? {
        guard let one = UUID(uuidString: token), let two = UUID(uuidString: other) else { return nil }
        return one == two
    }

    /// Unknown when a fact compared with a token is missing, not a string or no UUID (an empty account must
    /// not match an empty token); walks the condition rather than building its references each time.
    func unusableFact(in condition: RuleCondition) -> Outcome? {
        switch condition {
        case .compareOperands(let left, _, let right):
            for case .fact(let name) in [left, right] {
                if let unusable = unusableFact(named: name) { return unusable }
            }
            return nil
        case .not(let inner):
            return unusableFact(in: inner)
        case .and(let operands), .or(let operands):
            for operand in operands {
                if let unusable = unusableFact(in: operand) { return unusable }
            }
            return nil
        default:
            return nil
        }
    }

    /// Why the fact `name` cannot be compared with a token, or nil when it can.
    private func unusableFact(named name: String) -> Outcome? {
        guard let value = appFacts.values[name] else { return notGiven(name) }
        guard case .string(let text) = value else {
            return .unknown(
                "fact \(name) is a \(value.kind.rawValue), compared with an app account token, a string: rule not satisfied",
                code: .factMissing)
        }
        guard UUID(uuidString: text) != nil else {
            return .unknown(
                "fact \(name) \(value.shown) is not an app account token (a UUID): rule not satisfied",
                code: .notComparable)
        }
        return nil
    }

    /// Whether the purchase carries the per-transaction `field`.
    static func carries(_ field: RuleField, _ purchase: PurchaseFacts) -> Bool {
        switch field {
        case .ownership: purchase.ownershipType != nil
        case .sku: purchase.skus != nil
        case .commitmentBillingPeriod: purchase.commitmentBillingPeriod != nil
        default: purchase.appAccountToken != nil
        }
    }

    /// A transaction field's comparison alone: holds if for every transaction, fails if for none, else unknown.
    func everyTransaction(_ condition: RuleCondition, _ field: RuleField) -> Outcome {
        if let unusable = unusableFact(in: condition) { return unusable }
        let values = facts.purchases.map { holds(condition, for: $0) }
        guard !values.isEmpty, !values.contains(nil) else { return missing(field) }
        // The reason shows the fact's value; the hint is rule text, so it names the fact.
        let target: String
        let written: String
        switch condition {
        case .compareString(.commitmentBillingPeriod, let op, let text):
            target = "\(op.rawValue) \(text)"
            written = target
        case .compareString(_, let op, let text):
            target = "\(op.rawValue) \"\(text)\""
            written = target
        case .compareOperands(.fact(let name), let op, _), .compareOperands(_, let op, .fact(let name)):
            target = "\(op.rawValue) fact \(name) \(appFacts.values[name]?.shown ?? "")"
            written = "\(op.rawValue) \(name)"
        default:
            target = ""
            written = ""
        }
        guard values.allSatisfy({ $0 == values[0] }) else {
            return .unknown(
                "\(field.label) differs among the \(values.count) transactions: whether it \(target) is unknown; name the product (product \"X\" and \(field.rawValue) \(written))",
                code: .ambiguousTransactions)
        }
        let granted = values[0] == true
        return Outcome(
            satisfied: granted,
            reasons: ["\(field.label) of every transaction (\(values.count)) \(granted ? "" : "is not ")\(target)"])
    }
}
