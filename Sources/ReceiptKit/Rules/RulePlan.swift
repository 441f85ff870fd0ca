import Synchronization

/// What deciding needs of a rule set beyond the rules, derived once per rule set, not per input.
struct RulePlan: Sendable {
    let entitlements: [String]
    let order: EntitlementOrder
    let rulesByEntitlement: [String: [Rule]]
    let messages: [String: String]

    init(_ rules: [Rule]) {
        var seen = Set<String>()
        entitlements = rules.map(\.entitlement).filter { seen.insert($0).inserted }
        order = EntitlementOrder(rules: rules, entitlements: entitlements)
        var byEntitlement: [String: [Rule]] = [:]
        var messages: [String: String] = [:]
        for rule in rules {
            byEntitlement[rule.entitlement, default: []].append(rule)
            if let message = rule.message, messages[rule.entitlement] == nil {
                messages[rule.entitlement] = message
            }
        }
        rulesByEntitlement = byEntitlement
        self.messages = messages
    }
}

/// The plan of one rule set, made when first needed; changed rules get a new cache.
final class RulePlanCache: Sendable {
    private let plan = Mutex<RulePlan?>(nil)

    func plan(for rules: [Rule]) -> RulePlan {
        plan.withLock { cached in
            if let cached { return cached }
            let made = RulePlan(rules)
            cached = made
            return made
        }
    }
}
