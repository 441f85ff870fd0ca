import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The rules, requirements, platform and evaluation time of one run.
struct RuleConfiguration: Sendable {
    let rules: RuleSet
    let required: [String]
    let platform: Platform?
    let time: Date
    let reminderDays: Int
    /// `--bundle-id`: decisions are bound to this app (the report fails for any other); nil on inspect
    /// without it, when they are not bound to any app.
    let bundleID: String?
    /// `--environment`: only when it names a test environment are such inputs' original versions read.
    let environment: ReceiptEnvironment?
    /// `--max-age`: nil for none.
    let maximumAge: PurchaseTerm?
    /// `--fact`, `--facts`: what the app knows, for the rules to compare.
    let appFacts: AppFacts
    /// `--trial-days`: the free trial a paywall offers to a customer without a subscription yet.
    let trialDays: Int?

    /// Said with every decision made without `--bundle-id`.
    static let unboundWarning =
        "decisions are not bound to an app: without --bundle-id an Apple-signed input of any app is evaluated"

    /// Decides entitlements for one report: from its app receipt or its StoreKit 2 payload. An input that
    /// failed verification grants nothing.
    func results(for report: ValidationReport) -> RuleResults {
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
        let warnings = receipt.map { ReceiptWarnings.warnings(for: $0, platform: platform) } ?? []
        let subscriptions = receipt.map { SubscriptionStatus.all(in: $0, at: time, reminderDays: reminderDays) } ?? []
        return RuleResults(
            time: time, entitlements: rules.refuseAll(because: reason), warnings: boundWarnings + warnings,
            subscriptions: subscriptions, boundToApp: bundleID != nil, trialOffer: nil)
    }

    /// Decides entitlements from verified facts: one input's, or several combined (`--combine`).
    func results(for facts: EntitlementFacts, receipt: ParsedReceipt?) -> RuleResults {
        let subscriptions = SubscriptionStatus.all(
            in: facts.purchases, at: time, reminderDays: reminderDays, renewals: facts.renewals)
        return RuleResults(
            time: time,
            entitlements: rules.evaluate(
                facts: facts, at: time, platform: platform, environment: environment, maximumAge: maximumAge,
                appFacts: appFacts),
            warnings: boundWarnings
                + ReceiptWarnings.warnings(for: facts, receipt: receipt, platform: platform),
            subscriptions: subscriptions, boundToApp: bundleID != nil,
            trialOffer: trialOffer(subscribed: !subscriptions.isEmpty))
    }

    /// The trial a paywall offers, counted from `time`: only to a customer whose verified input shows no
    /// subscription yet, as Apple gives an introductory offer once per subscription group.
    private func trialOffer(subscribed: Bool) -> TrialTimeline? {
        guard let trialDays, !subscribed else { return nil }
        return TrialTimeline.offer(at: time, days: trialDays, reminderDays: reminderDays)
    }

    private var boundWarnings: [String] { bundleID == nil ? [Self.unboundWarning] : [] }

    /// Whether every required entitlement was granted.
    func satisfied(by results: RuleResults) -> Bool {
        required.allSatisfy { name in results.entitlements.contains { $0.name == name && $0.granted } }
    }
}

/// What the rules decided for one input: added to its JSON and text report.
struct RuleResults: Sendable, Encodable {
    let time: Date
    let entitlements: [EntitlementDecision]
    let warnings: [String]
    let subscriptions: [SubscriptionStatus]
    /// Whether the run named the app (`--bundle-id`), so that no other app's input could be granted.
    let boundToApp: Bool
    /// `--trial-days` for a customer without a subscription: the trial's days if taken at `time`.
    let trialOffer: TrialTimeline?

    enum CodingKeys: String, CodingKey {
        case time = "evaluated_at"
        case entitlements, warnings, subscriptions
        case boundToApp = "bound_to_app"
        case trialOffer = "trial_offer"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(RFC3339.format(time), forKey: .time)
        try container.encode(entitlements, forKey: .entitlements)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(subscriptions, forKey: .subscriptions)
        try container.encode(boundToApp, forKey: .boundToApp)
        try container.encodeIfPresent(trialOffer, forKey: .trialOffer)
    }
}

/// A validation report with the rule results beside its own keys, as one JSON object.
struct RuledReport: Encodable {
    let report: ValidationReport
    let results: RuleResults?

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        try results?.encode(to: encoder)
    }
}
