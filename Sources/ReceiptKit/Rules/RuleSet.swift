#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The rules of an app: which entitlements a receipt grants, and why.
public struct RuleSet: Sendable, Equatable {
    public private(set) var rules: [Rule]

    public init(rules: [Rule] = []) {
        self.rules = rules
    }

    /// Parses a rules file: one rule a line; `#` starts a comment line; blank lines are ignored.
    /// `name` (the file's path) prefixes the line number in errors: `rules.txt:3: column 28: ...`.
    public static func parse(file text: String, name: String) throws(RuleParseError) -> RuleSet {
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

    public mutating func append(_ rule: Rule) {
        rules.append(rule)
    }

    /// Entitlement names in the order rules first define them.
    public var entitlements: [String] {
        var seen = Set<String>()
        return rules.map(\.entitlement).filter { seen.insert($0).inserted }
    }

    /// Whether any rule reads the field.
    public func mentions(_ field: RuleField) -> Bool {
        rules.contains { $0.condition.mentions(field) }
    }

    /// Decides every entitlement for a receipt at time `time`; any satisfied rule grants its entitlement.
    ///
    /// The receipt must already have been verified: this only reads what it says.
    public func evaluate(
        receipt: ParsedReceipt, at time: Date, platform: Platform?, environment: ReceiptEnvironment? = nil,
        maximumAge: PurchaseTerm? = RuleSet.defaultMaximumAge
    ) -> [EntitlementDecision] {
        evaluate(
            facts: EntitlementFacts(receipt: receipt), at: time, platform: platform, environment: environment,
            maximumAge: maximumAge)
    }

    /// How old an input may be at the evaluation time before what it says of subscriptions and purchases
    /// is unknown: a receipt or signed transaction shows the world at its creation or signed date, and a
    /// renewal, refund or upgrade after that is invisible in it (an old JWS from before a refund could be
    /// replayed). Three days covers a client that caches its receipt for a while.
    public static let defaultMaximumAge = PurchaseTerm(days: 3)

    /// Decides every entitlement from the facts of a verified receipt or StoreKit 2 payload at time `time`.
    ///
    /// `environment` is the one the caller requires of its inputs (`--environment`): only when it names
    /// `sandbox` or `xcode` is the original application version of such an input read, since those never
    /// carry a customer's real first version (sandbox always says `1.0`).
    ///
    /// `maximumAge` (default three days; nil for none, to analyse old inputs offline): past it, subscription
    /// and purchase terms are unknown, as the input cannot show what happened since.
    public func evaluate(
        facts: EntitlementFacts, at time: Date, platform: Platform?, environment: ReceiptEnvironment? = nil,
        maximumAge: PurchaseTerm? = RuleSet.defaultMaximumAge
    ) -> [EntitlementDecision] {
        if let expired = facts.receiptExpirationDate, expired <= time {
            let reason =
                "the receipt expired at \(RFC3339.format(expired) ?? "?") (field 21: a volume purchase license that ended): nothing is granted"
            return entitlements.map { EntitlementDecision(name: $0, granted: false, reasons: [reason]) }
        }
        var evaluator = RuleEvaluator(facts: facts, time: time, platform: platform, testEnvironment: environment)
        evaluator.maximumAge = maximumAge
        return entitlements.map { name in
            let own = rules.filter { $0.entitlement == name }
            var reasons: [String] = []
            for rule in own {
                let outcome = evaluator.evaluate(rule.condition)
                let prefix = own.count > 1 ? "\(rule.origin): " : ""
                if outcome.satisfied {
                    return EntitlementDecision(name: name, granted: true, reasons: outcome.reasons.map { prefix + $0 })
                }
                reasons += outcome.reasons.map { prefix + $0 }
            }
            return EntitlementDecision(name: name, granted: false, reasons: reasons)
        }
    }

    /// Every entitlement refused because the receipt failed verification: nothing it says can be trusted.
    public func refuseAll(because reason: String) -> [EntitlementDecision] {
        entitlements.map { EntitlementDecision(name: $0, granted: false, reasons: ["receipt is not valid: \(reason)"]) }
    }
}
