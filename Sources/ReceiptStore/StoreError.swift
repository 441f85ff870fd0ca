/// Why the store could not answer: it could not be opened or written (a full disk, an I/O error, a lock
/// held past its wait), or its schema is newer than this build. Intake answers 5xx on any of them, so that
/// the sender tries again: nothing is answered as kept unless it was.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
