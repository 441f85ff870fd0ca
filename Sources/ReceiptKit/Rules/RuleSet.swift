#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The rules of an app: which entitlements a receipt grants, and why.
public struct RuleSet: Sendable, Equatable {
    package private(set) var rules: [Rule] {
        didSet { planCache = RulePlanCache() }
    }
    private var planCache = RulePlanCache()

    package init(rules: [Rule]) {
        self.rules = rules
    }

    /// No rules: add them with ``append(parsing:origin:)`` or ``append(contentsOf:)``.
    public init() {
        self.rules = []
    }

    public static func == (left: RuleSet, right: RuleSet) -> Bool {
        left.rules == right.rules
    }

    private var plan: RulePlan { planCache.plan(for: rules) }

    /// Parses a rules file: one rule a line, `#` outside a string starts a comment. `name` prefixes the line
    /// number in errors: `rules.txt:3: column 28: ...`.
    public static func parse(file text: String, name: String) throws(RuleSet.ParseError) -> RuleSet {
        var rules: [Rule] = []
        for (index, line) in text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }
        ).enumerated() {
            var line = String(line)
            if line.hasSuffix("\r") {
                line.removeLast()
            }
            let content = line.drop { $0 == " " || $0 == "\t" }
            if content.isEmpty || content.hasPrefix("#") {
                continue
            }
            rules.append(try RuleParser.parse(line, origin: "\(name):\(index + 1)"))
        }
        return RuleSet(rules: rules)
    }

    /// Adds the rules of `other` after these, as if its lines followed.
    public mutating func append(contentsOf other: RuleSet) {
        rules += other.rules
    }

    /// Parses one rule and adds it; `origin` prefixes its errors: `--rule 'premium: ...': column 12: ...`.
    public mutating func append(parsing text: String, origin: String) throws(RuleSet.ParseError) {
        rules.append(try RuleParser.parse(text, origin: origin))
    }

    /// Levels of parentheses and `not` a rule may nest; deeper is a parse error.
    public static let maximumNesting = RuleParser.maximumDepth

    /// A moment as rules write one: `2024-01-01` (midnight UTC) or an RFC 3339 time; nil for anything else.
    public static func date(_ text: String) -> Date? {
        RuleParser.date(text)
    }

    /// Entitlement names in the order rules first define them.
    public var entitlements: [String] { plan.entitlements }

    /// Decides every entitlement for a verified receipt at `time`; any satisfied rule grants its entitlement.
    func evaluate(
        receipt: ParsedReceipt, at time: Date, platform: Platform?, environment: ReceiptEnvironment? = nil,
        maximumAge: PurchaseTerm? = RuleSet.defaultMaximumAge, appFacts: AppFacts = AppFacts(),
        wording: any SettingWording = APISettingWording()
    ) -> [EntitlementDecision] {
        evaluate(
            facts: EntitlementFacts(receipt: receipt), at: time, platform: platform, environment: environment,
            maximumAge: maximumAge, appFacts: appFacts, wording: wording)
    }

    /// How old an input may be before what it says of subscriptions is unknown: later renewals and refunds
    /// are invisible in it (an old JWS could be replayed). Three days covers a client caching its receipt.
    public static let defaultMaximumAge = PurchaseTerm(days: 3)

    /// Decides every entitlement from the facts of a verified input at `time`. A sandbox or xcode input's
    /// original application version is read only when `environment` requires that environment (sandbox says
    /// `1.0`); past `maximumAge` (nil: none), subscription and purchase terms are unknown.
    func evaluate(
        facts: EntitlementFacts, at time: Date, platform: Platform?, environment: ReceiptEnvironment? = nil,
        maximumAge: PurchaseTerm? = RuleSet.defaultMaximumAge, appFacts: AppFacts = AppFacts(),
        wording: any SettingWording = APISettingWording()
    ) -> [EntitlementDecision] {
        let plan = self.plan
        let messages = plan.messages
        if let expired = facts.receiptExpirationDate, expired <= time {
            let reason =
                "the receipt expired at \(RFC3339.format(expired) ?? "?") (field 21: a volume purchase license that ended): nothing is granted"
            return denyAll(because: reason, code: .receiptExpired)
        }
        if let mismatch = facts.customerMismatch {
            return denyAll(because: "customer_mismatch: \(mismatch): nothing is granted", code: .customerMismatch)
        }
        var evaluator = RuleEvaluator(
            facts: facts, time: time, platform: platform, testEnvironment: environment, maximumAge: maximumAge,
            appFacts: appFacts, wording: wording)
        var decisions: [String: EntitlementDecision] = [:]
        for name in plan.order.order {
            let own = plan.rulesByEntitlement[name] ?? []
            var reasons: [String] = []
            var codes: [(value: Bool?, code: DecisionReason)] = []
            var granted = false
            var grantedCode = DecisionReason.ruleSatisfied
            for rule in own {
                let outcome = evaluator.evaluate(rule.condition)
                let prefix = own.count > 1 ? "\(rule.origin): " : ""
                if outcome.satisfied {
                    granted = true
                    grantedCode = outcome.code
                    reasons = outcome.reasons.map { prefix + $0 }
                    break
                }
                codes.append((outcome.value, outcome.code))
                reasons += outcome.reasons.map { prefix + $0 }
            }
            // Rules of one entitlement are alternatives, decided as an `or`: unknown when one is unknown.
            let undecided = RuleEvaluator.either(codes, reasons: reasons)
            let value = granted ? true : undecided.value
            // Unknown stays unknown for the rules that reference this one: assigning nil would remove the entry.
            evaluator.decided.updateValue(value, forKey: name)
            decisions[name] = EntitlementDecision(
                name: name, decision: Decision(value), reasonCode: granted ? grantedCode : undecided.code,
                reasons: reasons, message: messages[name])
        }
        let cycle = plan.order.cycle.joined(separator: " -> ")
        return plan.entitlements.map { name in
            decisions[name]
                ?? EntitlementDecision(
                    name: name, decision: .denied, reasonCode: .entitlementCycle,
                    reasons: [
                        "depends on itself through entitlements that reference each other (\(cycle)): not granted"
                    ], message: messages[name])
        }
    }

    /// Checks what no single rule shows: references to no entitlement, cycles, two messages for one entitlement.
    public func checkReferences() throws(RuleSet.ParseError) {
        if let problem = plan.order.problem {
            throw problem
        }
        var first: [String: Rule] = [:]
        for rule in rules {
            guard let message = rule.message else { continue }
            if let earlier = first[rule.entitlement], let given = earlier.message, given != message {
                throw RuleSet.ParseError(
                    origin: rule.origin, column: 1,
                    message:
                        "\(rule.entitlement) already has the message \"\(given)\" (\(earlier.origin)): an entitlement has one message"
                )
            }
            if first[rule.entitlement] == nil {
                first[rule.entitlement] = rule
            }
        }
    }

    /// The message of each entitlement that has one: the first its rules give.
    public var messages: [String: String] { plan.messages }

    /// Checks that `facts` gives every fact the rules read, of the kind compared: a missing or mistyped fact
    /// would leave every rule unknown, so denied. `wording` names the setting that gives facts.
    public func check(facts: AppFacts, wording: any SettingWording = APISettingWording()) throws(AppFacts.FactError) {
        for rule in rules {
            let references = rule.condition.references()
            for name in references.facts where facts.values[name] == nil {
                throw AppFacts.FactError(
                    "\(rule.origin): the rule reads the fact \(name), which was not given (\(wording.words(for: .change(.appFacts, to: name))))"
                )
            }
            for (name, kind) in references.factKinds {
                guard let value = facts.values[name] else { continue }
                guard value.kind == kind else {
                    throw AppFacts.FactError(
                        "\(rule.origin): the rule compares the fact \(name) with a \(kind.rawValue), but it was given a \(value.kind.rawValue) (\(value.shown))"
                    )
                }
            }
            for (left, op, right) in references.factPairs {
                guard let first = facts.values[left], let second = facts.values[right] else { continue }
                guard first.kind == second.kind else {
                    throw AppFacts.FactError(
                        "\(rule.origin): the rule compares the fact \(left) with the fact \(right), but \(left) was given a \(first.kind.rawValue) (\(first.shown)) and \(right) a \(second.kind.rawValue) (\(second.shown))"
                    )
                }
                guard op.isEquality || first.kind.isOrdered else {
                    throw AppFacts.FactError(
                        "\(rule.origin): the rule orders the facts \(left) \(op.rawValue) \(right), but they were given \(first.kind.rawValue)s, which compare with == and != only"
                    )
                }
            }
        }
    }

    /// The app facts the rules read, each once, in the order first read.
    public var factNames: [String] {
        var seen = Set<String>()
        return rules.flatMap { $0.condition.references().facts }.filter { seen.insert($0).inserted }
    }

    /// Every entitlement refused because the receipt failed verification: nothing it says can be trusted.
    func refuseAll(because reason: String) -> [EntitlementDecision] {
        denyAll(because: "receipt is not valid: \(reason)", code: .inputNotValid)
    }

    /// Every entitlement denied, unevaluated, for one reason.
    func denyAll(because reason: String, code: DecisionReason) -> [EntitlementDecision] {
        let messages = self.messages
        return entitlements.map {
            EntitlementDecision(name: $0, decision: .denied, reasonCode: code, reasons: [reason], message: messages[$0])
        }
    }
}
