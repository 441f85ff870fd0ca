/// The order entitlements are decided in, each after those its rules name with `entitled NAME`: Kahn's
/// algorithm over explicit queues, since the rules choose the graph.
struct EntitlementOrder: Sendable {
    /// Entitlements in dependency order; those in a cycle (or depending on one) are left out.
    let order: [String]
    /// The first reference to an entitlement no rule defines, or the first cycle, as a rule error.
    let problem: RuleSet.ParseError?
    /// Entitlements left undecided by a cycle, and the cycle that holds them up (`a -> b -> a`).
    let cycle: [String]

    init(rules: [Rule], entitlements: [String]) {
        let defined = Set(entitlements)
        var dependencies: [String: [String]] = [:]
        var dependents: [String: [String]] = [:]
        var firstReference: [String: (rule: Rule, column: Int)] = [:]
        var problem: RuleSet.ParseError?
        for rule in rules {
            for name in rule.condition.references().entitlements {
                guard defined.contains(name) else {
                    if problem == nil {
                        problem = RuleSet.ParseError(
                            origin: rule.origin, column: rule.referenceColumns[name] ?? 1,
                            message: "entitled \(name): no rule defines the entitlement \(name)")
                    }
                    continue
                }
                let edge = rule.entitlement + "\u{0}" + name
                if firstReference[edge] == nil {
                    firstReference[edge] = (rule, rule.referenceColumns[name] ?? 1)
                    dependencies[rule.entitlement, default: []].append(name)
                    dependents[name, default: []].append(rule.entitlement)
                }
            }
        }
        var waiting = dependencies.mapValues(\.count)
        var ready = entitlements.filter { (waiting[$0] ?? 0) == 0 }
        var order: [String] = []
        var next = 0
        while next < ready.count {
            let name = ready[next]
            next += 1
            order.append(name)
            for dependent in dependents[name] ?? [] {
                waiting[dependent, default: 0] -= 1
                if waiting[dependent] == 0 { ready.append(dependent) }
            }
        }
        self.order = order
        let decided = Set(order)
        let stuck = entitlements.filter { !decided.contains($0) }
        // Every stuck entitlement waits on another stuck one, so following the waits must come back: a cycle.
        var cycle: [String] = []
        if let start = stuck.first {
            var path = [start]
            var seenAt = [start: 0]
            var current = start
            while let following = dependencies[current]?.first(where: { !decided.contains($0) }) {
                if let index = seenAt[following] {
                    cycle = Array(path[index...]) + [following]
                    break
                }
                seenAt[following] = path.count
                path.append(following)
                current = following
            }
        }
        self.cycle = cycle
        if problem == nil, cycle.count >= 2, let reference = firstReference[cycle[0] + "\u{0}" + cycle[1]] {
            problem = RuleSet.ParseError(
                origin: reference.rule.origin, column: reference.column,
                message: "entitlements reference each other in a cycle: \(cycle.joined(separator: " -> "))")
        }
        self.problem = problem
    }
}
