internal import CSQLite

/// One connection to an SQLite database file, used by one thread at a time (its owner holds it behind a
/// lock): statements run with bound values only, never text spliced into SQL, and are prepared once each.
@safe public final class SQLiteConnection: @unchecked Sendable {
    let library: SQLiteLibrary
    /// The open database; closed in deinit, after every statement is finalized.
    private let database: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens (and with `create`, creates) the database at `path`; waits up to `busyMilliseconds` for
    /// another connection's lock before a statement fails as busy.
    public init(path: String, create: Bool, busyMilliseconds: Int32 = 5000) throws(SQLiteError) {
        library = try SQLiteLibrary.shared()
        var handle: UnsafeMutableRawPointer?
        let flags =
            (create ? CSQLITE_OPEN_READWRITE | CSQLITE_OPEN_CREATE : CSQLITE_OPEN_READWRITE)
            | CSQLITE_OPEN_NOMUTEX
        let code = unsafe CSQLite_open(library.open, path, &handle, flags)
        guard let opened = unsafe handle.map({ OpaquePointer($0) }) else {
            throw SQLiteError(code: code, "cannot open the store \(path): out of memory")
        }
        unsafe database = opened
        guard code == CSQLITE_OK else {
            let message = unsafe Self.message(library, opened)
            _ = unsafe CSQLite_close(library.close, UnsafeMutableRawPointer(opened))
            throw SQLiteError(code: code, "cannot open the store \(path): \(message)")
        }
        _ = unsafe CSQLite_busy_timeout(library.busyTimeout, UnsafeMutableRawPointer(opened), busyMilliseconds)
    }

    deinit {
        statements.removeAll()
        _ = unsafe CSQLite_close(library.close, UnsafeMutableRawPointer(database))
    }

    /// Runs `sql` (one statement) with `values` bound to its parameters, in order; how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int {
        let statement = try prepared(sql)
        defer { statement.clear() }
        try statement.bind(values, failure: failure)
        while try statement.step(failure: failure) {}
        return Int(unsafe CSQLite_changes(library.changes, UnsafeMutableRawPointer(database)))
    }

    /// The rows `sql` gives with `values` bound, each as `columns` values.
    public func query(_ sql: String, _ values: [SQLiteValue] = [], columns: Int) throws(SQLiteError) -> [[SQLiteValue]]
    {
        let statement = try prepared(sql)
        defer { statement.clear() }
        try statement.bind(values, failure: failure)
        var rows: [[SQLiteValue]] = []
        while try statement.step(failure: failure) {
            rows.append((0..<columns).map { statement.column($0) })
        }
        return rows
    }

    /// The error of the last call that failed on this connection, with `code`.
    func failure(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, unsafe Self.message(library, database))
    }

    private static func message(_ library: SQLiteLibrary, _ database: OpaquePointer) -> String {
        // sqlite3_errmsg's text is SQLite's own, terminated, valid until the next call on the connection.
        guard let text = unsafe CSQLite_errmsg(library.errmsg, UnsafeMutableRawPointer(database)) else {
            return "unknown error"
        }
        return unsafe String(cString: text)
    }

    private func prepared(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        var handle: UnsafeMutableRawPointer?
        let length = Int32(clamping: sql.utf8.count)
        let code = unsafe CSQLite_prepare(library.prepare, UnsafeMutableRawPointer(database), sql, length, &handle)
        guard code == CSQLITE_OK, let made = unsafe handle.map({ OpaquePointer($0) }) else {
            throw failure(code)
        }
        let statement = unsafe SQLiteStatement(library, made)
        statements[sql] = statement
        return statement
    }
}
