/// Why an input could not be decoded or checked at all (as opposed to a check that failed).
public struct ReceiptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stable reason code a report carries for it.
    public let reason: ReasonCode
    /// What is wrong, in words.
    public let message: String

    /// An error for `reason`, saying `message`.
    public init(_ reason: ReasonCode, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// The one way a decoding error becomes the public one: `what` could not be decoded, and why.
    init(_ error: ASN1Error, in what: String) {
        self.init(.malformed, "\(what): \(error)")
    }

    public var description: String { message }
}
