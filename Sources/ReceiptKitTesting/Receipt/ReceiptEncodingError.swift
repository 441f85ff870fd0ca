/// Why a receipt model cannot be encoded as a payload.
public struct ReceiptEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
