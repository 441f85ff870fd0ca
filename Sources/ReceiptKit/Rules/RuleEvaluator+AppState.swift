/// The parts of a rule that read the app's side: other entitlements and the facts the app supplies.
extension RuleEvaluator {
    /// `entitled NAME`: the outcome decided before this rule (`EntitlementOrder`), unknown kept unknown.
    func entitlement(_ name: String) -> Outcome {
        guard let value = decided[name] else {
            return .unknown("entitled \(name): no rule decides \(name): unknown", code: .entitlementUnknown)
        }
        switch value {
        case true: return Outcome(satisfied: true, reasons: ["entitled \(name): granted"])
        case false:
            return .denied("entitled \(name): not granted", code: .entitlementDenied)
        case nil:
            return .unknown("entitled \(name): unknown, its rules could not decide", code: .entitlementUnknown)
        }
    }

    /// Unknown: the rule reads a fact the app did not give (`RuleSet.check` refuses that before deciding).
    func notGiven(_ name: String) -> Outcome {
        .unknown("fact \(name) was not given: rule not satisfied", code: .factMissing)
    }

    /// `free_reads > 0`: unknown when the app did not give the fact or gave one of another kind.
    func fact(_ name: String, _ op: ComparisonOperator, _ target: AppFacts.Value) -> Outcome {
        guard let value = appFacts.values[name] else { return notGiven(name) }
        // The parser orders no string or boolean, so nil here is a fact of another kind.
        guard let holds = value.holds(op, against: target) else {
            return .unknown(
                "fact \(name) is a \(value.kind.rawValue), compared with a \(target.kind.rawValue): rule not satisfied",
                code: .factMissing)
        }
        return compared("fact \(name)", value.shown, op, target.shown, holds: holds)
    }
}
