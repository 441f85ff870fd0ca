#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a run decides over verified inputs: the rules, the entitlements required, and how and when to
/// evaluate them.
///
/// Decisions are made only from a ``ValidationReport`` the validator produced and found valid (or from
/// several tied to one customer); anything else is refused with every entitlement denied.
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
    /// The app decisions are bound to (the validator's bundle id, which fails any other app's input); nil
    /// when they are bound to no app, which every decision then says in a warning.
    public let bundleID: String?
    /// Only when it names a test environment are such inputs' original versions read.
    public let environment: ReceiptEnvironment?
    /// Past this age of the input at ``time``, purchases and subscriptions are unknown; nil for no limit.
    public let maximumAge: PurchaseTerm?
    /// What the app knows, for the rules to compare.
    public let appFacts: AppFacts
    /// The free trial a paywall offers to a customer without a subscription yet, in days.
    public let trialDays: Int?
    /// How reasons and warnings name the settings that would decide what the input cannot.
    public let hints: SettingHints

    /// A configuration; `bundleID` should be the validator's, so that decisions are bound to the app.
    public init(
        rules: RuleSet, required: [String] = [], platform: Platform? = nil, time: Date, reminderDays: Int = 2,
        bundleID: String?, environment: ReceiptEnvironment? = nil,
        maximumAge: PurchaseTerm? = RuleSet.defaultMaximumAge, appFacts: AppFacts = AppFacts(), trialDays: Int? = nil,
        hints: SettingHints = .library
    ) {
        self.rules = rules
        self.required = required
        self.platform = platform
        self.time = time
        self.reminderDays = reminderDays
        self.bundleID = bundleID
        self.environment = environment
        self.maximumAge = maximumAge
        self.appFacts = appFacts
        self.trialDays = trialDays
        self.hints = hints
    }

    /// Said with every decision made without a bundle id.
    public var unboundWarning: String {
        "decisions are not bound to an app: without \(hints.bundleID) an Apple-signed input of any app is evaluated"
    }

    /// Decides entitlements for one report: from its app receipt or its StoreKit 2 payload. An input that
    /// failed verification grants nothing.
    public func results(for report: ValidationReport) -> RuleResults {
        guard let facts = EntitlementFacts(report: report) else {
            return refused(
                because: report.message ?? report.reason?.rawValue ?? "it could not be decoded", receipt: report.receipt
            )
        }
        return results(for: facts, receipt: report.receipt)
    }

    /// Nothing granted, because the input (or a combination of inputs) is not valid; what a receipt says
    /// of subscriptions and warnings is still shown.
    func refused(because reason: String, receipt: ParsedReceipt?) -> RuleResults {
        let warnings = receipt.map { ReceiptWarnings.warnings(for: $0, platform: platform, hints: hints) } ?? []
        let subscriptions = receipt.map { SubscriptionStatus.all(in: $0, at: time, reminderDays: reminderDays) } ?? []
        return RuleResults(
            time: time, entitlements: rules.refuseAll(because: reason), warnings: boundWarnings + warnings,
            subscriptions: subscriptions, boundToApp: bundleID != nil, trialOffer: nil)
    }

    /// Decides entitlements from verified facts: one input's, or several combined.
    func results(for facts: EntitlementFacts, receipt: ParsedReceipt?) -> RuleResults {
        let subscriptions = SubscriptionStatus.all(
            in: facts.purchases, at: time, reminderDays: reminderDays, renewals: facts.renewals)
        return RuleResults(
            time: time,
            entitlements: rules.evaluate(
                facts: facts, at: time, platform: platform, environment: environment, maximumAge: maximumAge,
                appFacts: appFacts, hints: hints),
            warnings: boundWarnings
                + ReceiptWarnings.warnings(for: facts, receipt: receipt, platform: platform, hints: hints),
            subscriptions: subscriptions, boundToApp: bundleID != nil,
            trialOffer: trialOffer(subscribed: !subscriptions.isEmpty))
    }

    /// The trial a paywall offers, counted from `time`: only to a customer whose verified input shows no
    /// subscription yet, as Apple gives an introductory offer once per subscription group.
    private func trialOffer(subscribed: Bool) -> TrialTimeline? {
        guard let trialDays, !subscribed else { return nil }
        return TrialTimeline.offer(at: time, days: trialDays, reminderDays: reminderDays)
    }

    private var boundWarnings: [String] { bundleID == nil ? [unboundWarning] : [] }

    /// Whether every required entitlement was granted.
    public func satisfied(by results: RuleResults) -> Bool {
        required.allSatisfy(results.grants)
    }
}
