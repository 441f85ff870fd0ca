/// Why PostgreSQL refused, or could not be reached: its SQLSTATE and message, for the operator. A server
/// restarting, a connection lost or a constraint broken are all one of these: the caller fails closed on
/// every one.
public struct PostgresError: Error, Sendable, CustomStringConvertible {
    /// The server's SQLSTATE (`40P01` a deadlock, `57P01` a shutdown); empty when there is none (no
    /// connection, the library missing, a value refused before it was sent).
    public let sqlState: String
    public let message: String

    public init(sqlState: String = "", _ message: String) {
        self.sqlState = sqlState
        self.message = message
    }

    public var description: String { message }
}
