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
    /// The body's bytes (its first `keptBytes`), base64: it may be anything, text or not.
    public let bodyBase64: String
    /// Whether the body was longer than what is kept.
    public let truncated: Bool

    /// What is kept of a body at most: a notification is about 10 KB, and anyone can post anything to the
    /// public URL, so the audit trail must not be a way to fill the disk 16 MB a request.
    public static let keptBytes = 64 << 10

    public init(receivedAtMilliseconds: Int64, reason: String, message: String, body: [UInt8]) {
        self.receivedAtMilliseconds = receivedAtMilliseconds
        self.reason = reason
        self.message = message
        bodyBase64 = Data(body.prefix(Self.keptBytes)).base64EncodedString()
        truncated = body.count > Self.keptBytes
    }
}
