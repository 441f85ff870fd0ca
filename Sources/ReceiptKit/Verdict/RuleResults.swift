#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the rules decided for one input: its entitlements, warnings and subscriptions.
public struct RuleResults: Sendable, Encodable {
    /// When the rules were evaluated.
    public let time: Date
    /// Every entitlement the rules define, granted or denied, with the reasons.
    public let entitlements: [EntitlementDecision]
    /// What a reader of the decision should know (an unbound app, an ambiguous platform...).
    public let warnings: [String]
    /// Each subscription's state at ``time``.
    public let subscriptions: [SubscriptionStatus]
    /// Whether the decisions were bound to one app, so that no other app's input could be granted.
    public let boundToApp: Bool
    /// For a customer without a subscription: the free trial the paywall offers, if taken at ``time``.
    public let trialOffer: TrialTimeline?

    /// Whether the entitlement `name` was granted.
    public func grants(_ name: String) -> Bool { entitlements.contains { $0.name == name && $0.granted } }

    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension RuleResults: FieldModel {
    package static let fields: [ModelField<RuleResults>] = [
        .bool("bound_to_app") { $0.boundToApp },
        .models("entitlements") { $0.entitlements },
        .formattedDate("evaluated_at") { $0.time },
        .models("subscriptions") { $0.subscriptions },
        .model("trial_offer") { $0.trialOffer },
        .strings("warnings") { $0.warnings },
    ]
}
