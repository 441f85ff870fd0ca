internal import CPostgres

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libpq, opened with `dlopen` the first time a PostgreSQL store is opened and kept for the life of the
/// process: the functions the store calls, looked up once. Nothing else receipt-check does loads it.
@safe public final class PostgresLibrary: @unchecked Sendable {
    // Immutable after init; the pointers are the library's functions, which stay mapped (it is never closed).
    let connectdb: UnsafeMutableRawPointer
    let status: UnsafeMutableRawPointer
    let errorMessage: UnsafeMutableRawPointer
    let finish: UnsafeMutableRawPointer
    let setNoticeProcessor: UnsafeMutableRawPointer
    let execParams: UnsafeMutableRawPointer
    let resultStatus: UnsafeMutableRawPointer
    let resultErrorMessage: UnsafeMutableRawPointer
    let resultErrorField: UnsafeMutableRawPointer
    let clear: UnsafeMutableRawPointer
    let ntuples: UnsafeMutableRawPointer
    let nfields: UnsafeMutableRawPointer
    let ftype: UnsafeMutableRawPointer
    let getisnull: UnsafeMutableRawPointer
    let getvalue: UnsafeMutableRawPointer
    let getlength: UnsafeMutableRawPointer
    let cmdStatus: UnsafeMutableRawPointer
    let cmdTuples: UnsafeMutableRawPointer
    let prepare: UnsafeMutableRawPointer
    let execPrepared: UnsafeMutableRawPointer

    #if canImport(Darwin)
        public static let defaultPath = "libpq.5.dylib"
    #else
        public static let defaultPath = "libpq.so.5"
    #endif

    /// The functions, in the order `init` takes them.
    private static let functionNames = [
        "PQconnectdb", "PQstatus", "PQerrorMessage", "PQfinish", "PQsetNoticeProcessor", "PQexecParams",
        "PQresultStatus", "PQresultErrorMessage", "PQresultErrorField", "PQclear", "PQntuples", "PQnfields",
        "PQftype", "PQgetisnull", "PQgetvalue", "PQgetlength", "PQcmdStatus", "PQcmdTuples", "PQprepare",
        "PQexecPrepared",
    ]

    private static let loaded: Result<PostgresLibrary, PostgresError> = load(defaultPath)

    /// The library, loaded once for the process (the first caller pays for it).
    public static func shared() throws(PostgresError) -> PostgresLibrary {
        try loaded.get()
    }

    /// libpq at `path` (a file name the dynamic loader searches for, or a path).
    static func load(_ path: String) -> Result<PostgresLibrary, PostgresError> {
        // The library is never closed, so the handle and every function looked up in it stay valid.
        guard let handle = unsafe CPostgres_dlopen(path) else {
            // dlerror's text is the loader's, terminated, valid until the next dl call on this thread.
            let why = unsafe dlerror().map { unsafe String(cString: $0) } ?? "not found"
            return .failure(
                PostgresError("cannot load libpq (\(why)); a PostgreSQL store needs it: install libpq5 (Debian)"))
        }
        var pointers: [UnsafeMutableRawPointer] = unsafe []
        for name in functionNames {
            guard let function = unsafe dlsym(handle, name) else {
                return .failure(PostgresError("\(path) is not libpq: it lacks \(name)"))
            }
            unsafe pointers.append(function)
        }
        return .success(unsafe PostgresLibrary(pointers))
    }

    /// `functions`: one pointer for each of `functionNames`, in its order.
    private init(_ functions: [UnsafeMutableRawPointer]) {
        unsafe connectdb = functions[0]
        unsafe status = functions[1]
        unsafe errorMessage = functions[2]
        unsafe finish = functions[3]
        unsafe setNoticeProcessor = functions[4]
        unsafe execParams = functions[5]
        unsafe resultStatus = functions[6]
        unsafe resultErrorMessage = functions[7]
        unsafe resultErrorField = functions[8]
        unsafe clear = functions[9]
        unsafe ntuples = functions[10]
        unsafe nfields = functions[11]
        unsafe ftype = functions[12]
        unsafe getisnull = functions[13]
        unsafe getvalue = functions[14]
        unsafe getlength = functions[15]
        unsafe cmdStatus = functions[16]
        unsafe cmdTuples = functions[17]
        unsafe prepare = functions[18]
        unsafe execPrepared = functions[19]
    }
}
