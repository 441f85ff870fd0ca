/// A durable store of verified notifications: one protocol for every backend (SQLite now, a server
/// database beside it), so that intake, `customer` and `store import` never name one.
///
/// Every backend keeps the same schema (`StoreSchema`): a notification is written once by its
/// `notificationUUID`, and `record` returns only after the write is durable.
public protocol NotificationStore: AnyObject, Sendable {
    /// Writes the notification durably, then says whether it was new or already kept (the same UUID).
    /// Throws when it cannot be written: the caller must not answer that it was kept.
    func record(_ notification: StoredNotification) throws(StoreError) -> RecordOutcome
    /// Keeps a notification that failed verification apart, for audit: never read as trusted.
    func quarantine(_ entry: QuarantinedNotification) throws(StoreError)
    /// The customer's notifications of the app `bundleID`: those whose transaction names `customer` as its
    /// original transaction id or app account token, oldest signed first, at most `limit` + 1 (so that
    /// the caller sees when there are more).
    func notifications(of customer: String, bundleID: String, limit: Int) throws(StoreError) -> [StoredNotification]
    /// The latest notification kept for each of the customer's original transactions (by signed date).
    func latestWord(of customer: String, bundleID: String) throws(StoreError) -> [LatestWord]
    /// The original transaction ids the store holds a latest word of, for the app and environment, in order,
    /// at most `limit`.
    func customers(bundleID: String, environment: String, limit: Int) throws(StoreError) -> [String]
    /// How many notifications are kept, and how many quarantined.
    func counts() throws(StoreError) -> StoreCounts
}

/// What `record` did.
public enum RecordOutcome: Sendable, Equatable {
    /// Written now.
    case stored
    /// A notification with that UUID was already kept: nothing written.
    case duplicate
}

/// How much a store holds.
public struct StoreCounts: Sendable, Equatable {
    public let notifications: Int
    public let quarantined: Int

    public init(notifications: Int, quarantined: Int) {
        self.notifications = notifications
        self.quarantined = quarantined
    }
}

/// The latest signed notification kept for one original transaction.
public struct LatestWord: Sendable, Equatable {
    public let environment: String
    public let originalTransactionID: String
    public let notificationUUID: String
    public let signedDateMilliseconds: Int64
}
