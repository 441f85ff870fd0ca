#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a run decides over verified inputs: the rules, the entitlements required, how and when. The app
/// is the validator's (``ValidationOptions/bundleID``), so that the two cannot disagree.
public struct RuleConfiguration: Sendable {
    /// The entitlement rules.
    public let rules: RuleSet
    /// Entitlements a valid input must be granted for ``satisfied(by:)``.
    public let required: [String]
    /// What an original application version means when the input does not say.
    public let platform: Platform?
    /// When rules, subscriptions and ages are evaluated.
    public let time: Date
    /// Days before a free trial ends that its reminder falls.
    public let reminderDays: Int
    /// Past this age of the input at ``time``, purchases and subscriptions are unknown; nil for no limit.
    public let maximumAge: PurchaseTerm?
    /// What the app knows, for the rules to compare.
    public let appFacts: AppFacts
    /// The free trial a paywall offers to a customer without a subscription yet, in days.
    public let trialDays: Int?
    /// How reasons and warnings name the settings that would decide what the input cannot.
    public let wording: any SettingWording

    /// A configuration, for the app of the validator that decides with it.
    public init(
        rules: RuleSet, required: [String] = [], platform: Platform? = nil, time: Date, reminderDays: Int = 2,
        maximumAge: PurchaseTerm? = RuleSet.defaultMaximumAge, appFacts: AppFacts = AppFacts(), trialDays: Int? = nil,
        wording: any SettingWording = APISettingWording()
    ) {
        self.rules = rules
        self.required = required
        self.platform = platform
        self.time = time
        self.reminderDays = reminderDays
        self.maximumAge = maximumAge
        self.appFacts = appFacts
        self.trialDays = trialDays
        self.wording = wording
    }

    /// Said with every decision made without a bundle id.
    public var unboundWarning: String {
        "decisions are not bound to an app: without \(wording.words(for: .name(.bundleID))) an Apple-signed input of any app passes, so "
            + "nothing is granted"
    }

    /// Decides entitlements for one report of the validator `binding` comes from; a failed one grants nothing.
    func results(for report: ValidationReport, binding: AppBinding) -> RuleResults {
        guard let facts = EntitlementFacts(report: report) else {
            return refused(
                because: report.message ?? report.reason?.rawValue ?? "it could not be decoded",
                receipt: report.receipt, binding: binding)
        }
        return results(for: facts, receipt: report.receipt, binding: binding)
    }

    /// Nothing granted, because the input is not valid; a receipt's subscriptions and warnings still show.
    func refused(because reason: String, receipt: ParsedReceipt?, binding: AppBinding) -> RuleResults {
        let warnings = receipt.map { ReceiptWarnings.warnings(for: $0, platform: platform, wording: wording) } ?? []
        let subscriptions = receipt.map { SubscriptionStatus.all(in: $0, at: time, reminderDays: reminderDays) } ?? []
        return RuleResults(
            time: time, entitlements: rules.refuseAll(because: reason),
            warnings: boundWarnings(binding) + warnings, subscriptions: subscriptions, boundToApp: binding.isBound,
            trialOffer: nil)
    }

    /// Decides entitlements from verified facts; unbound, nothing is granted and an analysis shows why.
    func results(for facts: EntitlementFacts, receipt: ParsedReceipt?, binding: AppBinding) -> RuleResults {
        let subscriptions = states(
            SubscriptionStatus.all(in: facts.purchases, at: time, reminderDays: reminderDays, renewals: facts.renewals),
            facts, binding)
        let entitlements: [EntitlementDecision]
        if binding.isBound {
            entitlements = evaluate(facts, binding)
        } else if binding.analysis {
            let messages = rules.messages
            entitlements = evaluate(facts, binding).map { unbound($0, message: messages[$0.name]) }
        } else {
            entitlements = rules.denyAll(
                because:
                    "nothing is decided without \(wording.words(for: .name(.bundleID))): an Apple-signed input of any app would pass",
                code: .notBoundToApp)
        }
        return RuleResults(
            time: time, entitlements: entitlements,
            warnings: boundWarnings(binding)
                + ReceiptWarnings.warnings(for: facts, receipt: receipt, platform: platform, wording: wording),
            subscriptions: subscriptions, boundToApp: binding.isBound,
            trialOffer: trialOffer(subscribed: !subscriptions.isEmpty))
    }

    /// Each subscription in the state `subscription "X" active` decides on, so summary and rules agree.
    private func states(_ statuses: [SubscriptionStatus], _ facts: EntitlementFacts, _ binding: AppBinding)
        -> [SubscriptionStatus]
    {
        let evaluator = RuleEvaluator(
            facts: facts, time: time, platform: platform, testEnvironment: binding.environment,
            maximumAge: maximumAge, wording: wording)
        return statuses.map { $0.with(state: evaluator.state(of: $0)) }
    }

    private func evaluate(_ facts: EntitlementFacts, _ binding: AppBinding) -> [EntitlementDecision] {
        rules.evaluate(
            facts: facts, at: time, platform: platform, environment: binding.environment, maximumAge: maximumAge,
            appFacts: appFacts, wording: wording)
    }

    /// A decision of an unbound analysis: never granted; one the rules would grant says so, and why not.
    private func unbound(_ decision: EntitlementDecision, message: String?) -> EntitlementDecision {
        guard decision.granted else { return decision }
        return EntitlementDecision(
            name: decision.name, decision: .denied, reasonCode: .notBoundToApp,
            reasons: [
                "not granted: the rules hold, but the decision is not bound to an app (no \(wording.words(for: .name(.bundleID)))), so the "
                    + "input may be any app's"
            ] + decision.reasons, message: message)
    }

    /// The trial a paywall offers from `time`, only to a customer with no subscription yet (Apple's rule).
    private func trialOffer(subscribed: Bool) -> TrialTimeline? {
        guard let trialDays, !subscribed else { return nil }
        return TrialTimeline.offer(at: time, days: trialDays, reminderDays: reminderDays)
    }

    private func boundWarnings(_ binding: AppBinding) -> [String] { binding.isBound ? [] : [unboundWarning] }

    /// Whether every required entitlement was granted; an unbound decision grants none.
    public func satisfied(by results: RuleResults) -> Bool {
        required.allSatisfy(results.grants)
    }

    /// Granted when every required entitlement is; denied when one is denied (or undefined); else unknown.
    public func decision(by results: RuleResults) -> Decision {
        let decisions = required.map { name in results.entitlements.first { $0.name == name }?.decision ?? .denied }
        if decisions.contains(.denied) { return .denied }
        return decisions.contains(.unknown) ? .unknown : .granted
    }
}
