/// Why SQLite refused: its result code and message, for the operator. A full disk (`SQLITE_FULL`) or an
/// I/O error is one of these like any other: the caller fails closed on all of them.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// SQLite's primary result code (`SQLITE_FULL` is 13, `SQLITE_BUSY` 5); -1 when the library is missing.
    public let code: Int32
    public let message: String

    public init(code: Int32, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
