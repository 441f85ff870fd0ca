import Synchronization

/// What deciding entitlements needs of a rule set beyond the rules: the entitlements in the order they
/// are defined and in dependency order, each one's rules and message. Derived once per rule set, not
/// per input: a batch decides millions of inputs with the same rules.
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

/// The plan of one rule set, made the first time it is needed. A rule set gets a new cache whenever its
/// rules change, so a plan never outlives the rules it was made from.
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
