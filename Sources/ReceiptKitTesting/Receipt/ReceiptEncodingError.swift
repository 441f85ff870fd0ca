/// Why a receipt model cannot be encoded as a payload.
public struct ReceiptEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which field could not be encoded, and why.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
