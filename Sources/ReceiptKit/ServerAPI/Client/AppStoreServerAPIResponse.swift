/// A successful App Store Server API response, verified before it is returned: signed elements as
/// `verify` verifies the same body, an unsigned body parsed strictly.
public struct AppStoreServerAPIResponse: Sendable {
    /// What the body holds: signed elements and the verdict on them, an unsigned JSON object, or nothing.
    public enum Content: Sendable {
        /// A body with signed elements, and the verdict on it.
        case verified(Verdict)
        /// A JSON object Apple does not sign, trusted as far as the TLS connection is.
        case unsigned([String: JSONValue])
        /// No body.
        case empty
    }

    /// The operation that was called.
    public let operation: AppStoreServerAPIOperation
    /// The HTTP status (2xx).
    public let status: Int
    /// The body as received (a paged history's elements in one body, or nothing when not kept).
    public let body: [UInt8]
    /// The body, verified or strictly parsed: what a caller decides on.
    public let content: Content
    /// Requests sent in all, retries and pages included.
    public let attempts: Int

    /// The verdict, for a response with signed elements.
    public var verdict: Verdict? {
        if case .verified(let verdict) = content { verdict } else { nil }
    }
}
