#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a run decides over verified inputs: the rules, the entitlements required, and how and when to
/// evaluate them.
///
/// The app decisions are for is not part of it: that is the validator's (``ValidationOptions/bundleID``,
/// ``ValidationOptions/environment``), so that the two cannot disagree. Decisions are made only through
/// ``ReceiptValidator/verdict(_:input:rules:)`` from a ``ValidationReport`` that validator found valid
/// (or from several tied to one customer); anything else is refused with every entitlement denied.
public struct RuleConfiguration: Sendable {
    /// The entitlement rules.
    public let rules: RuleSet
    /// Entitlements a valid input must be granted for ``satisfied(by:)``.
    public let required: [String]
    /// What an original application version means (build number or marketing version), when the input
    /// does not say.
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

    /// Decides entitlements for one report of the validator `binding` comes from: from its app receipt or
    /// its StoreKit 2 payload. An input that failed verification grants nothing.
    func results(for report: ValidationReport, binding: AppBinding) -> RuleResults {
        guard let facts = EntitlementFacts(report: report) else {
            return refused(
                because: report.message ?? report.reason?.rawValue ?? "it could not be decoded",
                receipt: report.receipt, binding: binding)
        }
        return results(for: facts, receipt: report.receipt, binding: binding)
    }

    /// Nothing granted, because the input (or a combination of inputs) is not valid; what a receipt says
    /// of subscriptions and warnings is still shown.
    func refused(because reason: String, receipt: ParsedReceipt?, binding: AppBinding) -> RuleResults {
        let warnings = receipt.map { ReceiptWarnings.warnings(for: $0, platform: platform, wording: wording) } ?? []
        let subscriptions = receipt.map { SubscriptionStatus.all(in: $0, at: time, reminderDays: reminderDays) } ?? []
        return RuleResults(
            time: time, entitlements: rules.refuseAll(because: reason),
            warnings: boundWarnings(binding) + warnings, subscriptions: subscriptions, boundToApp: binding.isBound,
            trialOffer: nil)
    }

    /// Decides entitlements from verified facts: one input's, or several combined. Unbound, nothing is
    /// granted: an analysis shows what the rules would say, any other caller gets the reason only.
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

    /// Each subscription in the state `subscription "X" active` decides on, so that the summary and the
    /// rules cannot disagree (a grace period granted is not "expired", a stale input not "active").
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

    /// The trial a paywall offers, counted from `time`: only to a customer whose verified input shows no
    /// subscription yet, as Apple gives an introductory offer once per subscription group.
    private func trialOffer(subscribed: Bool) -> TrialTimeline? {
        guard let trialDays, !subscribed else { return nil }
        return TrialTimeline.offer(at: time, days: trialDays, reminderDays: reminderDays)
    }

    private func boundWarnings(_ binding: AppBinding) -> [String] { binding.isBound ? [] : [unboundWarning] }

    /// Whether every required entitlement was granted; an unbound decision grants none.
    public func satisfied(by results: RuleResults) -> Bool {
        required.allSatisfy(results.grants)
    }

    /// What the required entitlements come to: granted when every one is; denied when one is denied (or
    /// not defined); unknown when none is denied but one is unknown.
    public func decision(by results: RuleResults) -> Decision {
        let decisions = required.map { name in results.entitlements.first { $0.name == name }?.decision ?? .denied }
        if decisions.contains(.denied) { return .denied }
        return decisions.contains(.unknown) ? .unknown : .granted
    }
}
