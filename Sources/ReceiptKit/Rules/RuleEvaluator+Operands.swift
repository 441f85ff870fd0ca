/// Comparisons of two named values: a fact with a fact or with a field. Neither side is known when the
/// rule is parsed, so the kinds are checked here, and a side that is missing or of another kind leaves the
/// comparison unknown (not satisfied), never false.
extension RuleEvaluator {
    func compare(_ left: RuleOperand, _ op: ComparisonOperator, _ right: RuleOperand) -> Outcome {
        if left == .field(.appAccountToken) || right == .field(.appAccountToken) {
            return everyTransaction(.compareOperands(left, op, right))
        }
        let first: AppFacts.Value
        let second: AppFacts.Value
        switch (value(of: left), value(of: right)) {
        case (.failure(let unknown), _), (_, .failure(let unknown)):
            return unknown.outcome
        case (.success(let one), .success(let other)):
            (first, second) = (one, other)
        }
        guard let order = first.order(against: second) else {
            return Outcome(
                value: nil,
                reasons: [
                    "\(left.label) is a \(first.kind.rawValue) and \(right.label) a \(second.kind.rawValue): they cannot be compared, rule not satisfied"
                ])
        }
        // Strings and booleans have no order: `order` says only equal or not.
        if !op.isEquality, first.kind == .string || first.kind == .boolean {
            return Outcome(
                value: nil,
                reasons: [
                    "\(left.label) and \(right.label) are \(first.kind.rawValue)s, compared for equality only, not with \(op.rawValue): rule not satisfied"
                ])
        }
        let holds = op.holds(order)
        let shown =
            "\(left.label) \(first.shown) \(holds ? "" : "is not ")\(op.rawValue) \(right.label) \(second.shown)"
        return Outcome(satisfied: holds, reasons: [shown])
    }

    /// Why one side has no value, as the comparison's unknown outcome.
    struct Unknown: Error {
        let outcome: Outcome
    }

    /// A fact as the app gave it, or a field of the verified input as a value of the kind facts have.
    private func value(of operand: RuleOperand) -> Result<AppFacts.Value, Unknown> {
        switch operand {
        case .fact(let name):
            guard let value = appFacts.values[name] else {
                return .failure(
                    Unknown(outcome: Outcome(value: nil, reasons: ["fact \(name) was not given: rule not satisfied"])))
            }
            return .success(value)
        case .field(let field):
            if field == .originalPurchaseDate, let revoked = revokedApp() { return .failure(Unknown(outcome: revoked)) }
            let value: AppFacts.Value? =
                switch field {
                case .originalPurchaseDate: facts.originalPurchaseDate.map(AppFacts.Value.date)
                case .preorderDate: facts.preorderDate.map(AppFacts.Value.date)
                case .receiptCreationDate: facts.receiptCreationDate.map(AppFacts.Value.date)
                case .bundleID: facts.bundleID.map(AppFacts.Value.string)
                case .receiptType: facts.receiptType.map(AppFacts.Value.string)
                case .originalPlatform: facts.originalPlatform.map { AppFacts.Value.string($0.rawValue) }
                // These the parser lets no fact meet, or (per transaction) `compare` reads first.
                case .originalApplicationVersion, .applicationVersion, .environment, .ownership, .appAccountToken: nil
                }
            guard let value else { return .failure(Unknown(outcome: missing(field))) }
            return .success(value)
        }
    }
}
