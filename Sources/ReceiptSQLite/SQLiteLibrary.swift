internal import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libsqlite3, opened with `dlopen` the first time a store is opened and kept for the life of the process:
/// the functions the store calls, looked up once. Nothing else receipt-check does loads it.
@safe public final class SQLiteLibrary: @unchecked Sendable {
    // Immutable after init; the pointers are the library's functions, which stay mapped (it is never closed).
    let open: UnsafeMutableRawPointer
    let close: UnsafeMutableRawPointer
    let errmsg: UnsafeMutableRawPointer
    let busyTimeout: UnsafeMutableRawPointer
    let prepare: UnsafeMutableRawPointer
    let step: UnsafeMutableRawPointer
    let reset: UnsafeMutableRawPointer
    let finalize: UnsafeMutableRawPointer
    let clearBindings: UnsafeMutableRawPointer
    let bindText: UnsafeMutableRawPointer
    let bindInt64: UnsafeMutableRawPointer
    let bindNull: UnsafeMutableRawPointer
    let columnType: UnsafeMutableRawPointer
    let columnInt64: UnsafeMutableRawPointer
    let columnText: UnsafeMutableRawPointer
    let columnBytes: UnsafeMutableRawPointer
    let changes: UnsafeMutableRawPointer

    #if canImport(Darwin)
        public static let defaultPath = "libsqlite3.dylib"
    #else
        public static let defaultPath = "libsqlite3.so.0"
    #endif

    /// The functions, in the order `init` takes them.
    private static let functionNames = [
        "sqlite3_open_v2", "sqlite3_close_v2", "sqlite3_errmsg", "sqlite3_busy_timeout", "sqlite3_prepare_v2",
        "sqlite3_step", "sqlite3_reset", "sqlite3_finalize", "sqlite3_clear_bindings", "sqlite3_bind_text",
        "sqlite3_bind_int64", "sqlite3_bind_null", "sqlite3_column_type", "sqlite3_column_int64",
        "sqlite3_column_text", "sqlite3_column_bytes", "sqlite3_changes",
    ]

    private static let loaded: Result<SQLiteLibrary, SQLiteError> = load(defaultPath)

    /// The library, loaded once for the process (the first caller pays for it).
    public static func shared() throws(SQLiteError) -> SQLiteLibrary {
        try loaded.get()
    }

    /// libsqlite3 at `path` (a file name the dynamic loader searches for, or a path).
    static func load(_ path: String) -> Result<SQLiteLibrary, SQLiteError> {
        // The library is never closed, so the handle and every function looked up in it stay valid.
        guard let handle = unsafe CSQLite_dlopen(path) else {
            // dlerror's text is the loader's, terminated, valid until the next dl call on this thread.
            let why = unsafe dlerror().map { unsafe String(cString: $0) } ?? "not found"
            return .failure(
                SQLiteError(
                    code: -1, "cannot load libsqlite3 (\(why)); a store needs it: install libsqlite3-0 (Debian)"))
        }
        var pointers: [UnsafeMutableRawPointer] = unsafe []
        for name in functionNames {
            guard let function = unsafe dlsym(handle, name) else {
                return .failure(SQLiteError(code: -1, "\(path) is not libsqlite3: it lacks \(name)"))
            }
            unsafe pointers.append(function)
        }
        return .success(unsafe SQLiteLibrary(pointers))
    }

    /// `functions`: one pointer for each of `functionNames`, in its order.
    private init(_ functions: [UnsafeMutableRawPointer]) {
        unsafe open = functions[0]
        unsafe close = functions[1]
        unsafe errmsg = functions[2]
        unsafe busyTimeout = functions[3]
        unsafe prepare = functions[4]
        unsafe step = functions[5]
        unsafe reset = functions[6]
        unsafe finalize = functions[7]
        unsafe clearBindings = functions[8]
        unsafe bindText = functions[9]
        unsafe bindInt64 = functions[10]
        unsafe bindNull = functions[11]
        unsafe columnType = functions[12]
        unsafe columnInt64 = functions[13]
        unsafe columnText = functions[14]
        unsafe columnBytes = functions[15]
        unsafe changes = functions[16]
    }
}
