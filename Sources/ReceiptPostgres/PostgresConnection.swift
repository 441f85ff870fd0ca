internal import CPostgres

/// One connection to a PostgreSQL server, used by one thread at a time (its owner holds it behind a lock):
/// statements run with their values bound as parameters (`PQexecParams`), never spliced into SQL, and every
/// result is cleared before the call returns.
@safe public final class PostgresConnection: @unchecked Sendable {
    let library: PostgresLibrary
    private let conninfo: String
    private let setup: [String]
    /// The open connection; finished in deinit, or when `reconnectIfLost` replaces it.
    private var connection: OpaquePointer
    /// The statements prepared on this session (by their parameters' types and text), named; a new session
    /// has none.
    private var statements: [String: String] = [:]

    /// Connects with libpq's `conninfo` (a `postgresql://` URI or `key=value` words), then runs `setup`
    /// (session settings), again after every reconnection.
    public init(conninfo: String, setup: [String] = []) throws(PostgresError) {
        library = try PostgresLibrary.shared()
        self.conninfo = conninfo
        self.setup = setup
        unsafe connection = try Self.connect(library, conninfo)
        try configure()
    }

    deinit {
        unsafe CPostgres_finish(library.finish, raw)
    }

    private var raw: UnsafeMutableRawPointer { unsafe UnsafeMutableRawPointer(connection) }

    private static func connect(_ library: PostgresLibrary, _ conninfo: String) throws(PostgresError) -> OpaquePointer {
        guard !conninfo.utf8.contains(0) else { throw PostgresError("the store's address holds a NUL byte") }
        guard let made = unsafe CPostgres_connectdb(library.connectdb, conninfo).map({ OpaquePointer($0) })
        else {
            throw PostgresError("cannot connect to the store: out of memory")
        }
        guard unsafe CPostgres_status(library.status, UnsafeMutableRawPointer(made)) == CPOSTGRES_CONNECTION_OK
        else {
            let message = unsafe Self.message(library, made)
            unsafe CPostgres_finish(library.finish, UnsafeMutableRawPointer(made))
            throw PostgresError("cannot connect to the store: \(message)")
        }
        unsafe CPostgres_quiet(library.setNoticeProcessor, UnsafeMutableRawPointer(made))
        return unsafe made
    }

    private func configure() throws(PostgresError) {
        for statement in setup {
            try run(statement)
        }
    }

    /// True while the connection to the server stands.
    public var isConnected: Bool {
        unsafe CPostgres_status(library.status, raw) == CPOSTGRES_CONNECTION_OK
    }

    /// Connects again when the connection was lost (the server restarted). Called only between
    /// transactions: a statement never runs on a new session that lacks the transaction it belongs to.
    public func reconnectIfLost() throws(PostgresError) {
        guard !isConnected else { return }
        let made = try unsafe Self.connect(library, conninfo)
        unsafe CPostgres_finish(library.finish, raw)
        unsafe connection = made
        statements = [:]
        try configure()
    }

    /// Runs `body` on a connection made again when the last one was lost, and once more on a new one when the
    /// connection is lost during it: a server that restarted since the last statement costs no failed
    /// request. Only for work that may run twice: a read, BEGIN, a write whose second run changes nothing.
    public func retryingIfLost<T>(_ body: () throws(PostgresError) -> T) throws(PostgresError) -> T {
        try reconnectIfLost()
        do throws(PostgresError) {
            return try body()
        } catch {
            guard !isConnected else { throw error }
            try reconnectIfLost()
            return try body()
        }
    }

    /// Begins a transaction (nothing ran before a BEGIN that failed, so it may run again).
    public func begin() throws(PostgresError) {
        _ = try retryingIfLost { () throws(PostgresError) in try run("BEGIN") }
    }

    /// Runs `sql` (one statement) with `values` bound to `$1`, `$2`...; how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: [PostgresValue] = []) throws(PostgresError) -> Int {
        let (changed, _) = try execute(sql, values, readRows: false)
        return changed
    }

    /// The name of `sql` prepared on this session for values of `types`, prepared now if it was not; nil
    /// (run unprepared) once `preparedLimit` statements are: a statement runs often (the store's few, a
    /// batch of each size), and prepared it is planned once a session rather than at every run, which was
    /// most of a customer's read.
    private func prepared(_ sql: String, _ types: [UInt32]) throws(PostgresError) -> String? {
        let key = types.map(String.init).joined(separator: ",") + ";" + sql
        if let name = statements[key] { return name }
        guard statements.count < Self.preparedLimit else { return nil }
        let name = "receipt_check_\(statements.count)"
        let made = unsafe types.withUnsafeBufferPointer { types in
            unsafe CPostgres_prepare(library.prepare, raw, name, sql, Int32(types.count), types.baseAddress)
        }
        guard let result = unsafe made else {
            throw PostgresError("the store cannot prepare a statement: \(unsafe Self.message(library, connection))")
        }
        defer { unsafe CPostgres_clear(library.clear, result) }
        guard unsafe CPostgres_resultStatus(library.resultStatus, result) == CPOSTGRES_PGRES_COMMAND_OK else {
            throw unsafe failure(result)
        }
        statements[key] = name
        return name
    }

    /// The most statements a session prepares.
    static let preparedLimit = 256

    /// The rows `sql` gives with `values` bound.
    public func query(_ sql: String, _ values: [PostgresValue] = []) throws(PostgresError) -> [[PostgresValue]] {
        try execute(sql, values, readRows: true).rows
    }

    /// Commits the transaction, and throws unless the server says it committed: a COMMIT of a transaction
    /// that failed earlier is answered ROLLBACK without an error, and nothing of it was kept.
    public func commit() throws(PostgresError) {
        let (_, rows) = try execute("COMMIT", [], readRows: false, tag: true)
        guard case .text("COMMIT")? = rows.first?.first else {
            throw PostgresError("the transaction was rolled back, not committed")
        }
    }

    /// The type OIDs of the values bound (text, int8; 0 lets the server infer a null's).
    private static func type(of value: PostgresValue) -> UInt32 {
        switch value {
        case .integer: 20
        case .text: 25
        case .null: 0
        }
    }

    /// Runs the statement; the rows changed and, with `readRows`, the rows (with `tag`, one row of the
    /// command's tag instead).
    private func execute(_ sql: String, _ values: [PostgresValue], readRows: Bool, tag: Bool = false)
        throws(PostgresError) -> (changed: Int, rows: [[PostgresValue]])
    {
        guard values.count <= Int(CPOSTGRES_MAX_PARAMETERS), !sql.utf8.contains(0) else {
            throw PostgresError("a statement of \(values.count) values cannot be sent")
        }
        // Every value as terminated text in one buffer, each found by its offset (-1: null).
        var buffer: [UInt8] = []
        var offsets: [Int] = []
        for value in values {
            switch value {
            case .integer(let number):
                offsets.append(buffer.count)
                buffer.append(contentsOf: String(number).utf8)
                buffer.append(0)
            case .text(let text):
                offsets.append(buffer.count)
                buffer.append(contentsOf: text.utf8)
                // PostgreSQL's text holds no NUL byte: refused, not cut at it (searched in the copy, whose
                // bytes are contiguous).
                guard !buffer[offsets[offsets.count - 1]...].contains(0) else {
                    throw PostgresError("a text holding a NUL byte cannot be kept")
                }
                buffer.append(0)
            case .null:
                offsets.append(-1)
            }
        }
        buffer.append(0)
        let types = values.map(Self.type(of:))
        let count = Int32(values.count)
        let name = values.isEmpty ? nil : try prepared(sql, types)
        // The buffers outlive the call; libpq copies the values out before it returns.
        let made = unsafe buffer.withUnsafeBytes { bytes in
            unsafe offsets.withUnsafeBufferPointer { offsets in
                unsafe types.withUnsafeBufferPointer { types in
                    if let name {
                        unsafe CPostgres_execPrepared(
                            library.execPrepared, raw, name, count, bytes.baseAddress, offsets.baseAddress, bytes.count)
                    } else {
                        unsafe CPostgres_execParams(
                            library.execParams, raw, sql, count, types.baseAddress, bytes.baseAddress,
                            offsets.baseAddress, bytes.count)
                    }
                }
            }
        }
        guard let result = unsafe made else {
            throw PostgresError("the store cannot run a statement: \(unsafe Self.message(library, connection))")
        }
        defer { unsafe CPostgres_clear(library.clear, result) }
        let status = unsafe CPostgres_resultStatus(library.resultStatus, result)
        guard status == CPOSTGRES_PGRES_COMMAND_OK || status == CPOSTGRES_PGRES_TUPLES_OK else {
            throw unsafe failure(result)
        }
        let changed = unsafe Self.text(CPostgres_cmdTuples(library.cmdTuples, result)).flatMap { Int($0) } ?? 0
        if tag {
            return (changed, [[.text(unsafe Self.text(CPostgres_cmdStatus(library.cmdStatus, result)))]])
        }
        guard readRows else { return (changed, []) }
        return (changed, try unsafe rows(of: result))
    }

    /// The result's rows, copied out: integers by their type (int2, int4, int8), everything else as text.
    private func rows(of result: UnsafeMutableRawPointer) throws(PostgresError) -> [[PostgresValue]] {
        let count = unsafe CPostgres_ntuples(library.ntuples, result)
        let columns = unsafe CPostgres_nfields(library.nfields, result)
        var rows: [[PostgresValue]] = []
        for row in 0..<max(0, count) {
            var values: [PostgresValue] = []
            for column in 0..<max(0, columns) {
                if unsafe CPostgres_getisnull(library.getisnull, result, row, column) != 0 {
                    values.append(.null)
                    continue
                }
                // The value is libpq's, terminated, valid until the result is cleared: copied at once.
                let text = unsafe Self.text(CPostgres_getvalue(library.getvalue, result, row, column)) ?? ""
                switch unsafe CPostgres_ftype(library.ftype, result, column) {
                case 20, 21, 23:
                    guard let number = Int64(text) else {
                        throw PostgresError("the store answered \(text) for an integer")
                    }
                    values.append(.integer(number))
                default:
                    values.append(.text(text))
                }
            }
            rows.append(values)
        }
        return rows
    }

    private func failure(_ result: UnsafeMutableRawPointer) -> PostgresError {
        let state = unsafe Self.text(
            CPostgres_resultErrorField(library.resultErrorField, result, CPOSTGRES_PG_DIAG_SQLSTATE))
        let message = unsafe Self.text(CPostgres_resultErrorMessage(library.resultErrorMessage, result)) ?? ""
        return PostgresError(
            sqlState: state ?? "", message.isEmpty ? unsafe Self.message(library, connection) : Self.trimmed(message))
    }

    private static func message(_ library: PostgresLibrary, _ connection: OpaquePointer) -> String {
        // PQerrorMessage's text is libpq's, terminated, valid until the next call on the connection.
        let text = unsafe Self.text(CPostgres_errorMessage(library.errorMessage, UnsafeMutableRawPointer(connection)))
        return trimmed(text ?? "").isEmpty ? "unknown error" : trimmed(text ?? "")
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        unsafe pointer.map { unsafe String(cString: $0) }
    }

    /// libpq's messages end with a newline and may span lines: one line for a log.
    private static func trimmed(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
