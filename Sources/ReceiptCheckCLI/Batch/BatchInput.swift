import ReceiptKit
import ReceiptSystem

/// One input of a batch: the name its report carries and where its bytes are.
struct BatchInput: Sendable {
    enum Content: Sendable {
        /// A file (or `-`), read by the worker that checks it. A directory is refused, its message ending
        /// with `directoryHint`: what the command that found the path offers instead (its `-r`).
        case path(String, directoryHint: String)
        /// Bytes already read, such as one line of `--lines`.
        case bytes([UInt8])
        /// The input could not be produced; its report says why.
        case failure(ReceiptError)
    }

    let name: String
    let content: Content
    /// A regular file's size, when whoever found the file already read it.
    let size: Int?

    init(name: String, content: Content, size: Int? = nil) {
        self.name = name
        self.content = content
        self.size = size
    }

    /// The bytes this input will hold while it is checked, for the read-ahead window: a file's
    /// size (at most `limit`, above which it is refused unread), `limit` for standard input and
    /// other streams whose size is not known before reading them.
    func heldBytes(limit: Int) -> Int {
        switch content {
        case .bytes(let bytes):
            return bytes.count
        case .failure:
            return 0
        case .path(let path, _):
            if let size {
                return min(size, limit)
            }
            guard path != "-", case .success(let status) = FileStatus.of(path, followingLinks: true),
                status.kind == .regular
            else { return limit }
            return min(status.size, limit)
        }
    }
}
