#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A body that failed verification (or was no notification the store keeps), kept apart for audit with
/// why: never read by a decision.
public struct QuarantinedNotification: Sendable, Equatable {
    public let receivedAtMilliseconds: Int64
    /// The reason code (`bad_signature`, `bundle_id_mismatch`, ...) or `not_a_notification`.
    public let reason: String
    public let message: String
    /// The body's bytes, base64: it may be anything, text or not.
    public let bodyBase64: String

    public init(receivedAtMilliseconds: Int64, reason: String, message: String, body: [UInt8]) {
        self.receivedAtMilliseconds = receivedAtMilliseconds
        self.reason = reason
        self.message = message
        bodyBase64 = Data(body).base64EncodedString()
    }
}
