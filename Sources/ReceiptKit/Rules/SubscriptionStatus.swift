#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where one auto-renewable subscription stands at a given time, read from its periods in the receipt.
public struct SubscriptionStatus: Sendable, Equatable, Encodable {
    /// Where the subscription stands at the time.
    public enum State: String, Sendable, Encodable {
        /// A period covers the time and was not cancelled by then.
        case active
        /// The latest period that had started by then had ended.
        case expired
        /// The period covering the time, or the latest one before it, was cancelled (refunded) by then.
        case refunded
        /// Every period starts after the time.
        case notStarted = "not_started"
        /// The period covering the time was upgraded to another subscription, which gives the service.
        case upgraded
        /// With rules: the last period ended, and a renewal info puts the customer in the billing grace period.
        case inGracePeriod = "in_grace_period"
        /// With rules: the last period ended and Apple is retrying billing, without a grace period.
        case billingRetry = "billing_retry"
        /// With rules: the input is older than the age limit (`--max-age`).
        case stale
        /// With rules: Family Sharing access to the period in force was revoked.
        case revoked
    }

    /// The subscription's product identifier.
    public let productID: String
    /// Where it stands at the time.
    public internal(set) var state: State
    /// The period in force at the time, if any (also when it was refunded).
    public let currentPeriod: SubscriptionStatus.Period?
    /// Every period of the product, in purchase order.
    public let periods: [SubscriptionStatus.Period]
    /// Whether the period in force is an introductory-offer period.
    public let inIntroOffer: Bool
    /// `reminderDays` days before `trialEnds`, never before the trial started.
    public let reminderDue: Date?
    /// The trial in force at the time as a paywall shows it: start, reminder and end.
    public let trialTimeline: TrialTimeline?

    /// The customer's subscription as Apple names it (`originalTransactionId`), from its latest purchase.
    public internal(set) var originalTransactionID: String?
    /// The app's account token on its latest purchase (`appAccountToken`), tying it to the app's user.
    public internal(set) var appAccountToken: String?
    /// From the latest signed renewal info of the product: whether it renews (`autoRenewStatus`).
    public internal(set) var autoRenews: Bool?
    /// From the same renewal info: the end of the billing grace period (`gracePeriodExpiresDate`).
    public internal(set) var gracePeriodEnd: Date?
    /// From the same renewal info: whether Apple is retrying billing (`isInBillingRetryPeriod`).
    public internal(set) var inBillingRetry: Bool?

    /// Whether a free trial is in force at the time.
    public var inTrial: Bool { trialTimeline != nil }
    /// The end of the trial in force at the time.
    public var trialEnds: Date? { trialTimeline?.end }

    /// Every product of the receipt with subscription periods, in first-purchase order; package, since a
    /// caller reads subscriptions from a verified ``Verdict``.
    package static func all(in receipt: ParsedReceipt, at time: Date, reminderDays: Int) -> [SubscriptionStatus] {
        all(in: PurchaseFactList(records: receipt.purchases), at: time, reminderDays: reminderDays)
    }

    /// The status of every product among `purchases` that has subscription periods, in first-purchase order.
    package static func all(
        in purchases: some Collection<PurchaseFacts>, at time: Date, reminderDays: Int, renewals: [RenewalState] = []
    ) -> [SubscriptionStatus] {
        // Products told apart by their bytes, as everywhere identifiers are compared.
        var seen = Set<[UInt8]>()
        let products = purchases.filter { $0.expiresDate != nil }.compactMap(\.productID)
            .filter { seen.insert(Array($0.utf8)).inserted }
        return products.map {
            status(of: $0, in: purchases, at: time, reminderDays: reminderDays, renewals: renewals)
        }
    }

    /// The status of one product among `purchases` at `time`.
    package static func status(
        of product: String, in purchases: some Collection<PurchaseFacts>, at time: Date, reminderDays: Int,
        renewals: [RenewalState] = []
    ) -> SubscriptionStatus {
        let periods = SubscriptionStatus.Period.periods(of: product, in: purchases)
        let started = time.addingTimeInterval(SubscriptionStatus.Period.allowedClockSkew)
        let covering = SubscriptionStatus.Period.covering(periods, at: time)
        let state: State
        let current: SubscriptionStatus.Period?
        if let active = covering.last(where: { $0.isActive(at: time) }) {
            state = .active
            current = active
        } else if let refunded = covering.last(where: { $0.isCancelled(by: time) }) {
            state = .refunded
            current = refunded
        } else if let upgraded = covering.last {
            state = .upgraded
            current = upgraded
        } else if let latest = periods.last(where: { $0.start <= started }) {
            state = latest.isCancelled(by: time) ? .refunded : .expired
            current = nil
        } else {
            state = .notStarted
            current = nil
        }
        // A trial's end and reminder only while it is in force, and none when auto-renew is off (nothing converts).
        let trial = state == .active && current?.isTrial == true ? current : nil
        let converts = !renewals.contains(where: { String.identical($0.productID, product) && $0.autoRenews == false })
        let reminder: Date? =
            if let trial, converts {
                max(trial.end.addingTimeInterval(-Double(reminderDays) * 86_400), trial.start)
            } else {
                nil
            }
        var status = SubscriptionStatus(
            productID: product, state: state, currentPeriod: current, periods: periods,
            inIntroOffer: state == .active && current?.isIntroOffer == true, reminderDue: reminder,
            trialTimeline: trial.map {
                TrialTimeline(start: $0.start, end: $0.end, reminderDays: reminderDays, remind: converts)
            })
        let latest = purchases.filter { String.identical($0.productID, product) }.last
        status.originalTransactionID = latest?.originalTransactionID
        status.appAccountToken = latest?.appAccountToken
        // Of several renewal infos of the product, the latest signed speaks for now.
        let renewal = renewals.filter { String.identical($0.productID, product) }
            .max { ($0.snapshotDate ?? .distantPast) < ($1.snapshotDate ?? .distantPast) }
        status.autoRenews = renewal?.autoRenews
        status.gracePeriodEnd = renewal?.gracePeriodExpires
        status.inBillingRetry = renewal?.isInBillingRetry
        return status
    }

    /// The same status in `state`: the one the rules decide on (`RuleEvaluator.state(of:)`).
    package func with(state: State) -> SubscriptionStatus {
        var status = self
        status.state = state
        return status
    }

    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension SubscriptionStatus: FieldModel {
    package static let fields: [ModelField<SubscriptionStatus>] = [
        .string("app_account_token") { $0.appAccountToken },
        .bool("auto_renew") { $0.autoRenews },
        .bool("billing_retry") { $0.inBillingRetry },
        .formattedDate("expires_date") { $0.periods.map(\.end).max() },
        .formattedDate("grace_period_end") { $0.gracePeriodEnd },
        .bool("in_intro_offer") { $0.inIntroOffer },
        .bool("in_trial") { $0.inTrial },
        .string("original_transaction_id") { $0.originalTransactionID },
        .integer("period_count") { Int64($0.periods.count) },
        .formattedDate("period_start") { $0.currentPeriod?.start },
        .string("product_id") { $0.productID },
        .formattedDate("reminder_due") { $0.reminderDue },
        .string("state") { $0.state.rawValue },
        .formattedDate("trial_ends") { $0.trialEnds },
        .model("trial_timeline") { $0.trialTimeline },
    ]
}
