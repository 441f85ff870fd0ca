import ReceiptKit

/// One input of a batch: the name its report carries and where its bytes are.
struct BatchInput: Sendable {
    enum Content: Sendable {
        /// A file (or `-`), read by the worker that checks it.
        case path(String)
        /// Bytes already read, such as one line of `--lines`.
        case bytes([UInt8])
        /// The input could not be produced; its report says why.
        case failure(ReceiptError)
    }

    let name: String
    let content: Content
}
