import ReceiptKit

/// A signed transaction or renewal info the App Store Server API answered (a history's element, a status),
/// kept beside the notifications so that a customer's decision reads it too. It has no notificationUUID:
/// its key is what Apple signed, `transaction:ID:SIGNED_MS` or `renewal:ORIGINAL_ID:SIGNED_MS`, so the same
/// signed data imported twice is kept once, and a newer signing of it is kept beside the older.
extension StoredNotification {
    /// The key prefixes of signed data; a notificationUUID is a UUID and never starts with one.
    static let transactionKey = "transaction:"
    static let renewalKey = "renewal:"

    /// Whether the row is a notification Apple posted (not signed data an API answer held).
    public var isNotification: Bool {
        !uuid.hasPrefix(Self.transactionKey) && !uuid.hasPrefix(Self.renewalKey)
    }

    /// The name a decision gives the row's input: `notification UUID`, or its key for signed data.
    public var inputName: String {
        isNotification ? "notification \(uuid)" : uuid
    }

    /// The signed transaction or renewal info `report` (valid: the caller checked) verified from `body`.
    /// A renewal info names no app: `bundleID` is the one the validator bound the run to, and the intake
    /// keeps it only for an original transaction the store already holds a transaction of that app for.
    public init(signedData report: ValidationReport, bundleID: String, body: [UInt8], receivedAtMilliseconds: Int64)
        throws(NotKept)
    {
        let key: String
        let environment: AppStoreValue<AppStoreEnvironment>?
        let signedDate: JWSDate?
        var transaction: JWSTransaction?
        var original: String?
        switch report.jws?.payload {
        case .transaction(let signed)?:
            guard signed.bundleId == bundleID else {
                throw NotKept(message: "the transaction names another app (bundleId)")
            }
            (transaction, original, environment, signedDate) =
                (signed, signed.originalTransactionId, signed.environment, signed.signedDate)
            key = Self.transactionKey + (signed.transactionId ?? "")
            guard signed.transactionId.map(Self.isKeyPart) == true else {
                throw NotKept(message: "the transaction has no transactionId it can be kept by")
            }
        case .renewalInfo(let signed)?:
            (original, environment, signedDate) = (signed.originalTransactionId, signed.environment, signed.signedDate)
            key = Self.renewalKey + (original ?? "")
        default:
            throw NotKept(message: "the body is valid but no notification, signed transaction or renewal info")
        }
        guard let original, Self.isKeyPart(original) else {
            throw NotKept(message: "the signed data has no originalTransactionId: it belongs to no customer")
        }
        guard let signed = signedDate, !signed.isPlaceholder, signed.milliseconds.isFinite,
            abs(signed.milliseconds) < 1e15
        else {
            throw NotKept(message: "the signed data has no signedDate: it could not be ordered")
        }
        guard let text = String(validating: body, as: UTF8.self) else {
            throw NotKept(message: "the signed data is not UTF-8 text")
        }
        let milliseconds = Int64(signed.milliseconds.rounded(.down))
        self.init(
            uuid: key + ":\(milliseconds)", bundleID: bundleID,
            environment: ReceiptEnvironment(storeKit: environment).rawValue, notificationType: nil, subtype: nil,
            signedDateMilliseconds: milliseconds, originalTransactionID: original,
            transactionID: transaction?.transactionId, appAccountToken: transaction?.appAccountToken,
            receivedAtMilliseconds: receivedAtMilliseconds, body: text)
    }

    /// An id a key is made of: 1 to 64 letters, digits, `-`, `_` or `.` (a transaction id is digits).
    private static func isKeyPart(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
    }
}
