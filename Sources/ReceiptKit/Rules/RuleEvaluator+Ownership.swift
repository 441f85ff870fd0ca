/// `ownership`: a transaction's `inAppOwnershipType`, of which facts may hold many. Beside a product or
/// subscription in one `and`, it narrows that `and` to the transactions it holds for, so that
/// `product "X" and ownership == purchased` means X bought by this customer; alone, it holds only when it
/// holds for every transaction, and is unknown when they differ.
extension RuleEvaluator {
    /// `ownership == purchased` over every transaction: true or false when all agree, unknown otherwise.
    func ownership(_ op: ComparisonOperator, _ text: String) -> Outcome {
        let values = facts.purchases.compactMap(\.ownershipType)
        guard !values.isEmpty, values.count == facts.purchases.count else { return missing(.ownership) }
        var seen = Set<[UInt8]>()
        let distinct = values.map(\.rawValue).filter { seen.insert(Array($0.utf8)).inserted }
        let holds = distinct.map { op.holds($0.isIdentical(to: text) ? 0 : 1) }
        if distinct.count == 1 {
            return Outcome(
                satisfied: holds[0],
                reasons: [
                    holds[0]
                        ? "ownership \"\(distinct[0])\" \(op.rawValue) \"\(text)\""
                        : "ownership \"\(distinct[0])\" is not \(op.rawValue) \"\(text)\""
                ])
        }
        let shown = distinct.map { "\"\($0)\"" }.joined(separator: ", ")
        guard holds.allSatisfy({ $0 == holds[0] }) else {
            return Outcome(
                value: nil,
                reasons: [
                    "ownership differs among the \(values.count) transactions (\(shown)): which one \(op.rawValue) \"\(text)\" is unknown; name the product (product \"X\" and ownership \(op.rawValue) \(text.lowercased()))"
                ])
        }
        return Outcome(
            satisfied: holds[0],
            reasons: [
                "ownership of every transaction (\(shown)) \(holds[0] ? "" : "is not ")\(op.rawValue) \"\(text)\""
            ])
    }

    /// An `and` whose operands read ownership only, beside operands that read transactions: those read only
    /// the transactions whose ownership satisfies them. Nil when the `and` is not of that shape.
    func ownershipScoped(_ operands: [RuleCondition]) -> Outcome? {
        let scope = operands.filter(\.readsOnlyOwnership)
        let rest = operands.filter { !$0.readsOnlyOwnership }
        guard !scope.isEmpty, rest.contains(where: \.readsTransactions) else { return nil }
        let predicate = RuleCondition.and(scope)
        var undecided = 0
        var narrowed = self
        narrowed.facts = facts.keepingPurchases { purchase in
            guard let holds = Self.ownership(predicate, purchase.ownershipType) else {
                undecided += 1
                return false
            }
            return holds
        }
        let outcome = narrowed.evaluate(rest.count == 1 ? rest[0] : .and(rest))
        let label =
            "of the \(narrowed.facts.purchases.count) of \(facts.purchases.count) transactions whose ownership holds: "
        if outcome.value != true, undecided > 0 {
            return Outcome(
                value: nil,
                reasons: outcome.reasons.map { label + $0 } + [
                    "\(undecided) transactions carry no ownership (\(RuleField.ownership.absenceNote)): unknown"
                ])
        }
        return Outcome(value: outcome.value, reasons: outcome.reasons.map { label + $0 })
    }

    /// An ownership-only condition read for one transaction whose `inAppOwnershipType` is `value`: Kleene's
    /// logic as everywhere, nil when the transaction carries none. Recursion follows the parsed tree.
    static func ownership(_ condition: RuleCondition, _ value: AppStoreValue<InAppOwnershipType>?) -> Bool? {
        switch condition {
        case .compareString(.ownership, let op, let text):
            return value.map { op.holds($0.rawValue.isIdentical(to: text) ? 0 : 1) }
        case .not(let inner):
            return ownership(inner, value).map { !$0 }
        case .and(let operands):
            let values = operands.map { ownership($0, value) }
            if values.contains(false) { return false }
            return values.contains(nil) ? nil : true
        case .or(let operands):
            let values = operands.map { ownership($0, value) }
            if values.contains(true) { return true }
            return values.contains(nil) ? nil : false
        default:
            return nil
        }
    }
}
