import ReceiptKit

/// A signed transaction the App Store Server API answered (a history's element) or one subscription status
/// (its transaction and renewal info), kept beside the notifications so that a customer's decision reads it
/// too. It has no notificationUUID: its key is what Apple signed, `transaction:ID:SIGNED_MS` or
/// `status:ORIGINAL_ID:SIGNED_MS` (the later of its two signed dates), so the same signed data imported
/// twice is kept once, and a newer signing of it is kept beside the older.
extension StoredNotification {
    /// The key prefixes of signed data; a notificationUUID is a UUID and never starts with one.
    static let transactionKey = "transaction:"
    static let statusKey = "status:"

    /// Whether the row is a notification Apple posted (not signed data an API answer held).
    public var isNotification: Bool {
        !uuid.hasPrefix(Self.transactionKey) && !uuid.hasPrefix(Self.statusKey)
    }

    /// The name a decision gives the row's input: `notification UUID`, or its key for signed data.
    public var inputName: String {
        isNotification ? "notification \(uuid)" : uuid
    }

    /// The signed transaction `report` (valid: the caller checked) verified from `body`, or one status of
    /// All Subscription Statuses (a response of one element pair). A renewal info names no app, and a
    /// response's bundle id is unsigned: a status is kept only when its signed transaction is of the app
    /// `bundleID` and of the renewal info's original transaction and environment.
    public init(signedData report: ValidationReport, bundleID: String, body: [UInt8], receivedAtMilliseconds: Int64)
        throws(NotKept)
    {
        var transactions: [JWSTransaction] = []
        var renewals: [JWSRenewalInfo] = []
        for payload in [report.jws?.payload] + (report.response?.elements ?? []).map({ $0.jws?.payload }) {
            switch payload {
            case .transaction(let signed)?: transactions.append(signed)
            case .renewalInfo(let signed)?: renewals.append(signed)
            default: break
            }
        }
        guard transactions.count == 1, let transaction = transactions.first, renewals.count <= 1,
            transaction.bundleId == bundleID
        else {
            throw NotKept(
                message: "not one signed transaction of \(bundleID) (a renewal info alone names no app): not kept")
        }
        guard let original = transaction.originalTransactionId, StoreIdentifier.isValid(original, maximumBytes: 64),
            let id = transaction.transactionId, StoreIdentifier.isValid(id, maximumBytes: 64)
        else {
            throw NotKept(message: "the transaction has no transactionId and originalTransactionId it can be kept by")
        }
        if let renewal = renewals.first,
            renewal.originalTransactionId != original || renewal.environment != transaction.environment
        {
            throw NotKept(message: "the renewal info is not of the status's transaction: not kept")
        }
        var latest = transaction.signedDate
        if let renewal = renewals.first?.signedDate, renewal.milliseconds > (latest?.milliseconds ?? -.infinity) {
            latest = renewal
        }
        guard let signed = latest, !signed.isPlaceholder, signed.milliseconds.isFinite, abs(signed.milliseconds) < 1e15
        else {
            throw NotKept(message: "the signed data has no signedDate: it could not be ordered")
        }
        guard let text = String(validating: body, as: UTF8.self) else {
            throw NotKept(message: "the signed data is not UTF-8 text")
        }
        let milliseconds = Int64(signed.milliseconds.rounded(.down))
        let key = renewals.isEmpty ? Self.transactionKey + id : Self.statusKey + original
        self.init(
            uuid: key + ":\(milliseconds)", bundleID: bundleID,
            environment: ReceiptEnvironment(storeKit: transaction.environment).rawValue, notificationType: nil,
            subtype: nil, signedDateMilliseconds: milliseconds, originalTransactionID: original, transactionID: id,
            appAccountToken: transaction.appAccountToken, receivedAtMilliseconds: receivedAtMilliseconds, body: text)
    }
}
