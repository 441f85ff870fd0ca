internal import CFastCGI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libfcgi, opened with `dlopen` when the service starts and kept for the life of the process: the functions
/// the service calls, looked up once. Nothing else receipt-check does loads it.
@safe public final class FastCGILibrary: @unchecked Sendable {
    // Immutable after init; the pointers are the library's functions, which stay mapped (it is never closed).
    let initialise: UnsafeMutableRawPointer
    let initRequest: UnsafeMutableRawPointer
    let accept: UnsafeMutableRawPointer
    let finish: UnsafeMutableRawPointer
    let getParam: UnsafeMutableRawPointer
    let getStr: UnsafeMutableRawPointer
    let putStr: UnsafeMutableRawPointer
    let hasSeenEOF: UnsafeMutableRawPointer

    #if canImport(Darwin)
        public static let defaultPath = "libfcgi.0.dylib"
    #else
        public static let defaultPath = "libfcgi.so.0"
    #endif

    /// The functions, in the order `init` takes them.
    private static let functionNames = [
        "FCGX_Init", "FCGX_InitRequest", "FCGX_Accept_r", "FCGX_Finish_r", "FCGX_GetParam",
        "FCGX_GetStr", "FCGX_PutStr", "FCGX_HasSeenEOF",
    ]

    /// libfcgi at `path` (a file name the dynamic loader searches for, or a path), initialised. Called once,
    /// before any worker thread exists: FCGX_Init is not thread-safe.
    public static func load(_ path: String = defaultPath) throws(FastCGIError) -> FastCGILibrary {
        // The library is never closed, so the handle and every function looked up in it stay valid.
        guard let handle = unsafe CFastCGI_dlopen(path) else {
            // dlerror's text is the loader's, terminated, valid until the next dl call on this thread.
            let why = unsafe dlerror().map { unsafe String(cString: $0) } ?? "not found"
            throw FastCGIError(
                "cannot load libfcgi (\(why)); receipt-check serve needs it: install libfcgi0ldbl (Debian) or fcgi")
        }
        var pointers: [UnsafeMutableRawPointer] = unsafe []
        for name in functionNames {
            guard let function = unsafe dlsym(handle, name) else {
                throw FastCGIError("\(path) is not libfcgi: it lacks \(name)")
            }
            unsafe pointers.append(function)
        }
        let library = unsafe FastCGILibrary(pointers)
        guard unsafe CFastCGI_init(library.initialise) == 0 else {
            throw FastCGIError("libfcgi failed to initialise")
        }
        return library
    }

    /// `functions`: one pointer for each of `functionNames`, in its order.
    private init(_ functions: [UnsafeMutableRawPointer]) {
        unsafe initialise = functions[0]
        unsafe initRequest = functions[1]
        unsafe accept = functions[2]
        unsafe finish = functions[3]
        unsafe getParam = functions[4]
        unsafe getStr = functions[5]
        unsafe putStr = functions[6]
        unsafe hasSeenEOF = functions[7]
    }
}
