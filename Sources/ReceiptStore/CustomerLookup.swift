import ReceiptKit

/// A customer's entitlements from the store: their kept notifications verified again (the store is not
/// trusted beyond what Apple signed: a row altered on disk decides nothing) and decided as one by
/// `ReceiptValidator.verdict(combining:rules:)`, the very decision of `verify --combine` over the same
/// signed payloads (the latest signed copy of each transaction wins; another app's or environment's never
/// mixes in). The combined report's inputs, one per notification, are the evidence.
public struct CustomerLookup: Sendable {
    public let validator: ReceiptValidator
    public let store: any NotificationStore
    public let rules: RuleConfiguration?

    /// Notifications one decision reads at most: past it the lookup is refused, never decided on a part.
    public static let maximumNotifications = 512

    public init(validator: ReceiptValidator, store: any NotificationStore, rules: RuleConfiguration?) {
        self.validator = validator
        self.store = store
        self.rules = rules
    }

    /// What the store knows of one customer.
    public struct Answer: Sendable {
        /// The combined verdict over the customer's notifications.
        public let verdict: Verdict
        /// The notifications it read, oldest signed first.
        public let evidence: [StoredNotification]
        /// The latest notification per original transaction.
        public let latest: [LatestWord]
    }

    /// The answer for `customer` (an original transaction id or an app account token); nil when the store
    /// holds nothing of them.
    public func answer(for customer: String) throws(StoreError) -> Answer? {
        guard let bundleID = validator.options.bundleID else {
            throw StoreError("a customer is looked up for one app: give --bundle-id")
        }
        let kept = try store.notifications(of: customer, bundleID: bundleID, limit: Self.maximumNotifications)
        guard !kept.isEmpty else { return nil }
        guard kept.count <= Self.maximumNotifications else {
            throw StoreError(
                "\(customer) has more than \(Self.maximumNotifications) notifications kept: not decided on a part")
        }
        let reports = kept.map { notification in
            validator.validate(Array(notification.body.utf8), input: notification.inputName)
        }
        let verdict = validator.verdict(combining: reports, rules: rules)
        return Answer(verdict: verdict, evidence: kept, latest: try store.latestWord(of: customer, bundleID: bundleID))
    }
}
