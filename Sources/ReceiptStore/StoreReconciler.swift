import ReceiptKit

/// Reconciling the store with Apple: for each customer (original transaction) the store holds, its latest
/// signed word (every kept row verified again, as a lookup does) against Apple's current answer (All
/// Subscription Statuses, verified by the client, each element verified again here as the intake would).
/// It reads the store only; applying Apple's answer is the intake's work.
public struct StoreReconciler: Sendable {
    public let validator: ReceiptValidator
    public let store: any NotificationStore
    /// The environment Apple is asked in (`ReceiptEnvironment`'s raw value): only that one's rows compare.
    public let environment: String

    public init(validator: ReceiptValidator, store: any NotificationStore, environment: String) {
        self.validator = validator
        self.store = store
        self.environment = environment
    }

    /// The customers to reconcile, at most `limit`.
    public func customers(limit: Int) throws(StoreError) -> [String] {
        guard let bundleID = validator.options.bundleID else {
            throw StoreError("a store is reconciled for one app: give --bundle-id")
        }
        return try store.customers(bundleID: bundleID, environment: environment, limit: limit)
    }

    /// The store's latest word of `original`.
    public func stored(_ original: String) throws(StoreError) -> SubscriptionSnapshot {
        guard let bundleID = validator.options.bundleID else {
            throw StoreError("a store is reconciled for one app: give --bundle-id")
        }
        let kept = try store.notifications(of: original, bundleID: bundleID, limit: CustomerLookup.maximumNotifications)
        guard kept.count <= CustomerLookup.maximumNotifications else {
            throw StoreError("\(original) has more than \(CustomerLookup.maximumNotifications) rows kept: not compared")
        }
        var snapshot = SubscriptionSnapshot()
        for row in kept where row.environment == environment && row.originalTransactionID == original {
            snapshot.take(validator.validate(Array(row.body.utf8), input: row.inputName), original: original)
        }
        return snapshot
    }

    /// Apple's answer for `original`: its signed elements of that original transaction, each verified
    /// again; refused (nil, and why) when the answer or any of those elements does not verify.
    public func apple(_ original: String, statuses response: AppStoreServerAPIResponse)
        -> Result<(snapshot: SubscriptionSnapshot, elements: [[UInt8]]), StoreError>
    {
        guard let report = response.verdict?.report, report.status == .valid else {
            let why = response.verdict?.report.message ?? "Apple's answer holds nothing signed"
            return .failure(StoreError("Apple's answer did not verify: \(why)"))
        }
        var snapshot = SubscriptionSnapshot()
        var elements: [[UInt8]] = []
        for element in NotificationBodies.split(response.body) {
            let verified = validator.validate(element, input: "Apple's answer")
            guard verified.status == .valid else {
                return .failure(
                    StoreError("an element of Apple's answer did not verify: \(verified.message ?? "invalid")"))
            }
            snapshot.take(verified, original: original)
            if Self.names(verified, original) { elements.append(element) }
        }
        return .success((snapshot, elements))
    }

    private static func names(_ report: ValidationReport, _ original: String) -> Bool {
        let payloads = [report.jws?.payload] + (report.response?.elements ?? []).map { $0.jws?.payload }
        return payloads.contains { payload in
            switch payload {
            case .transaction(let signed)?: signed.originalTransactionId == original
            case .renewalInfo(let signed)?: signed.originalTransactionId == original
            default: false
            }
        }
    }
}
