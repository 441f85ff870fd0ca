/// Why an input could not be decoded or checked at all (as opposed to a check that failed).
public struct ReceiptError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: ReasonCode
    public let message: String

    public init(_ reason: ReasonCode, _ message: String) {
        self.reason = reason
        self.message = message
    }

    init(_ error: ASN1Error, in what: String) {
        self.init(.malformed, "\(what): \(error)")
    }

    public var description: String { message }
}
