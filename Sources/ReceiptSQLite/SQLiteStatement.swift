internal import CSQLite

/// A prepared statement of one connection, reused: bound, stepped, then reset and cleared for the next use.
@safe final class SQLiteStatement {
    private let library: SQLiteLibrary
    /// Finalized in deinit, before the connection closes (the connection drops its statements first).
    private let statement: OpaquePointer

    init(_ library: SQLiteLibrary, _ statement: OpaquePointer) {
        self.library = library
        unsafe self.statement = statement
    }

    deinit {
        _ = unsafe CSQLite_finalize(library.finalize, raw)
    }

    private var raw: UnsafeMutableRawPointer { unsafe UnsafeMutableRawPointer(statement) }

    func bind(_ values: [SQLiteValue], failure: (Int32) -> SQLiteError) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number):
                code = unsafe CSQLite_bind_int64(library.bindInt64, raw, index, number)
            case .text(let text):
                // A length SQLite's int cannot say is refused, not clamped: a clamped one would keep a cut text.
                guard let length = Int32(exactly: text.utf8.count) else {
                    throw SQLiteError(
                        code: CSQLITE_TOOBIG, "a text of \(text.utf8.count) bytes is too long for the store")
                }
                // SQLite copies the bytes (SQLITE_TRANSIENT) before the call returns.
                code = unsafe CSQLite_bind_text(library.bindText, raw, index, text, length)
            case .null:
                code = unsafe CSQLite_bind_null(library.bindNull, raw, index)
            }
            guard code == CSQLITE_OK else { throw failure(code) }
        }
    }

    /// True when a row is ready, false when the statement is done.
    func step(failure: (Int32) -> SQLiteError) throws(SQLiteError) -> Bool {
        let code = unsafe CSQLite_step(library.step, raw)
        switch code {
        case CSQLITE_ROW: return true
        case CSQLITE_DONE: return false
        default: throw failure(code)
        }
    }

    func column(_ index: Int) -> SQLiteValue {
        let column = Int32(index)
        switch unsafe CSQLite_column_type(library.columnType, raw, column) {
        case CSQLITE_NULL:
            return .null
        case CSQLITE_INTEGER:
            return .integer(unsafe CSQLite_column_int64(library.columnInt64, raw, column))
        default:
            // The text is SQLite's, `bytes` long, valid until the next step or reset: copied at once.
            guard let text = unsafe CSQLite_column_text(library.columnText, raw, column) else { return .null }
            let count = Int(unsafe CSQLite_column_bytes(library.columnBytes, raw, column))
            let bytes = unsafe UnsafeBufferPointer(start: text, count: max(0, count))
            return unsafe .text(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Ready for the next use: stepping ended, bindings dropped.
    func clear() {
        _ = unsafe CSQLite_reset(library.reset, raw)
        _ = unsafe CSQLite_clear_bindings(library.clearBindings, raw)
    }
}
