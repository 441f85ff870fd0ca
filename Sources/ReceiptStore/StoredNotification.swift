import ReceiptKit

/// A verified notification as the store keeps it: the body as it was received (verified again whenever a
/// decision reads it), and the signed members the store finds it by.
public struct StoredNotification: Sendable, Equatable {
    public let uuid: String
    public let bundleID: String
    /// The environment that signed it (`ReceiptEnvironment`'s raw value): a customer's state never mixes two.
    public let environment: String
    public let notificationType: String?
    public let subtype: String?
    /// Apple's `signedDate` of the notification, in milliseconds since 1970: what "latest" is ordered by.
    public let signedDateMilliseconds: Int64
    public let originalTransactionID: String?
    public let transactionID: String?
    public let appAccountToken: String?
    public let receivedAtMilliseconds: Int64
    /// The body as received (`{"signedPayload": ...}` or the bare JWS), text.
    public let body: String

    public init(
        uuid: String, bundleID: String, environment: String, notificationType: String?, subtype: String?,
        signedDateMilliseconds: Int64, originalTransactionID: String?, transactionID: String?,
        appAccountToken: String?, receivedAtMilliseconds: Int64, body: String
    ) {
        self.uuid = uuid
        self.bundleID = bundleID
        self.environment = environment
        self.notificationType = notificationType
        self.subtype = subtype
        self.signedDateMilliseconds = signedDateMilliseconds
        self.originalTransactionID = originalTransactionID
        self.transactionID = transactionID
        self.appAccountToken = appAccountToken
        self.receivedAtMilliseconds = receivedAtMilliseconds
        self.body = body
    }

    /// Why a valid input is not a notification the store can keep.
    public struct NotKept: Error, Sendable {
        public let message: String
    }

    /// The notification `report` (valid: the caller checked) verified from `body`. Refused when it is no
    /// notification, or lacks what the store finds it by: its UUID, signed date, bundle id or environment.
    public init(report: ValidationReport, body: [UInt8], receivedAtMilliseconds: Int64) throws(NotKept) {
        guard case .notification(let payload)? = report.jws?.payload else {
            throw NotKept(message: "the body is valid but no App Store Server Notification")
        }
        guard let uuid = payload.notificationUUID, !uuid.isEmpty, uuid.utf8.count <= 128 else {
            throw NotKept(message: "the notification has no notificationUUID: repeats could not be told apart")
        }
        guard let signed = payload.signedDate, !signed.isPlaceholder, signed.milliseconds.isFinite,
            abs(signed.milliseconds) < 1e15
        else {
            throw NotKept(message: "the notification has no signedDate: it could not be ordered")
        }
        guard let bundleID = payload.data?.bundleId ?? payload.appData?.bundleId else {
            throw NotKept(message: "the notification names no app (no bundleId)")
        }
        guard let text = String(validating: body, as: UTF8.self) else {
            throw NotKept(message: "the notification's body is not UTF-8 text")
        }
        let nested = report.jws?.nested ?? [:]
        var transaction: JWSTransaction?
        if case .transaction(let signed)? = nested["data.signedTransactionInfo"]?.jws?.payload {
            transaction = signed
        }
        var renewal: JWSRenewalInfo?
        if case .renewalInfo(let signed)? = nested["data.signedRenewalInfo"]?.jws?.payload {
            renewal = signed
        }
        let environment = ReceiptEnvironment(storeKit: payload.data?.environment ?? payload.appData?.environment)
        self.init(
            uuid: uuid, bundleID: bundleID, environment: environment.rawValue,
            notificationType: payload.notificationType?.rawValue, subtype: payload.subtype?.rawValue,
            signedDateMilliseconds: Int64(signed.milliseconds.rounded(.down)),
            originalTransactionID: transaction?.originalTransactionId ?? renewal?.originalTransactionId,
            transactionID: transaction?.transactionId, appAccountToken: transaction?.appAccountToken,
            receivedAtMilliseconds: receivedAtMilliseconds, body: text)
    }
}
