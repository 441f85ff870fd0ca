/// The members of Apple's JSON bodies that carry signed data or hold what does, each name spelt once.
package enum BodyMember: String, Sendable, CustomStringConvertible {
    /// A verifyReceipt request's base64 receipt.
    case receiptData = "receipt-data"
    /// A notification body's JWS, and each entry's of a notification history.
    case signedPayload
    /// A transaction's JWS: a transaction info response's, a status group's, a notification's data's.
    case signedTransactionInfo
    /// A subscription's renewal info JWS, beside its transaction.
    case signedRenewalInfo
    /// An AppTransaction's JWS.
    case signedAppTransactionInfo
    /// A transaction history's array of JWS.
    case signedTransactions
    /// A verifyReceipt response's base64 receipt.
    case latestReceipt = "latest_receipt"
    /// A notification history's entries, each with a `signedPayload`.
    case notificationHistory
    /// A status response's subscription groups (and a notification's data).
    case data
    /// A status group's signed transaction and renewal info pairs.
    case lastTransactions

    /// The members that carry signed data themselves, in the order a body's reader names them.
    static let carryingSignedData: [BodyMember] = [
        .receiptData, .signedPayload, .signedTransactionInfo, .signedRenewalInfo, .signedAppTransactionInfo,
        .signedTransactions, .latestReceipt, .notificationHistory,
    ]

    /// Apple's name, as messages and paths print it.
    package var description: String { rawValue }
}

extension Dictionary where Key == String {
    /// The member Apple names `member`.
    package subscript(_ member: BodyMember) -> Value? {
        get { self[member.rawValue] }
        set { self[member.rawValue] = newValue }
    }
}
