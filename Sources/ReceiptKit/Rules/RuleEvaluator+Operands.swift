/// Comparisons of a fact with a fact or a field: kinds are checked here, since neither is known when
/// parsing, and a missing side or another kind leaves the comparison unknown, never false.
extension RuleEvaluator {
    /// `condition` is the comparison itself, which a per-transaction field reads for each transaction.
    func compare(_ left: RuleOperand, _ op: ComparisonOperator, _ right: RuleOperand, _ condition: RuleCondition)
        -> Outcome
    {
        if left == .field(.appAccountToken) || right == .field(.appAccountToken) {
            return everyTransaction(condition, .appAccountToken)
        }
        let first: AppFacts.Value
        let second: AppFacts.Value
        switch (value(of: left), value(of: right)) {
        case (.failure(let unknown), _), (_, .failure(let unknown)):
            return unknown.outcome
        case (.success(let one), .success(let other)):
            (first, second) = (one, other)
        }
        guard first.kind == second.kind else {
            return .unknown(
                "\(left.label) is a \(first.kind.rawValue) and \(right.label) a \(second.kind.rawValue): they cannot be compared, rule not satisfied",
                code: .notComparable)
        }
        guard let holds = first.holds(op, against: second) else {
            return .unknown(
                "\(left.label) and \(right.label) are \(first.kind.rawValue)s, compared for equality only, not with \(op.rawValue): rule not satisfied",
                code: .notComparable)
        }
        return compared(left.label, first.shown, op, "\(right.label) \(second.shown)", holds: holds)
    }

    /// Why one side has no value, as the comparison's unknown outcome.
    struct Unknown: Error {
        let outcome: Outcome
    }

    /// A fact as the app gave it, or a field of the verified input as a value of the kind facts have.
    private func value(of operand: RuleOperand) -> Result<AppFacts.Value, Unknown> {
        switch operand {
        case .fact(let name):
            guard let value = appFacts.values[name] else { return .failure(Unknown(outcome: notGiven(name))) }
            return .success(value)
        case .field(let field):
            return fieldValue(field)
        }
    }

    /// A field of the input as a fact's value; unknown when lacking, or for a refunded app purchase's date.
    func fieldValue(_ field: RuleField) -> Result<AppFacts.Value, Unknown> {
        if field == .originalPurchaseDate, let revoked = revokedApp() { return .failure(Unknown(outcome: revoked)) }
        let value: AppFacts.Value? =
            switch field {
            case .originalPurchaseDate: facts.originalPurchaseDate.map(AppFacts.Value.date)
            case .preorderDate: facts.preorderDate.map(AppFacts.Value.date)
            case .receiptCreationDate: facts.receiptCreationDate.map(AppFacts.Value.date)
            case .bundleID: facts.bundleID.map(AppFacts.Value.string)
            case .receiptType: facts.receiptType.map(AppFacts.Value.string)
            case .originalPlatform: facts.originalPlatform.map { AppFacts.Value.string($0.rawValue) }
            // No fact meets these: they have their own conditions, or `compare` reads them first.
            case .originalApplicationVersion, .applicationVersion, .environment, .ownership, .appAccountToken, .sku,
                .commitmentBillingPeriod:
                nil
            }
        guard let value else { return .failure(Unknown(outcome: missing(field))) }
        return .success(value)
    }
}
