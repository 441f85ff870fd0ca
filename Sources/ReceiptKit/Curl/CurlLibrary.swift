internal import CCurl
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libcurl, opened with `dlopen` when the first request is made and kept, its functions looked up once;
/// `verify` never loads it.
@safe final class CurlLibrary: @unchecked Sendable {
    // Immutable after init; the pointers are the library's functions, which stay mapped (it is never closed).
    let globalInit: UnsafeMutableRawPointer
    let easyInit: UnsafeMutableRawPointer
    let easyCleanup: UnsafeMutableRawPointer
    let easyPerform: UnsafeMutableRawPointer
    let easySetopt: UnsafeMutableRawPointer
    let easyGetinfo: UnsafeMutableRawPointer
    let easyStrerror: UnsafeMutableRawPointer
    let slistAppend: UnsafeMutableRawPointer
    let slistFreeAll: UnsafeMutableRawPointer

    #if canImport(Darwin)
        static let defaultPath = "/usr/lib/libcurl.4.dylib"
    #else
        static let defaultPath = "libcurl.so.4"
    #endif

    /// Each path opened, and whether it loaded: a process that asks twice gets the same answer.
    private static let loaded = Mutex<[String: Result<CurlLibrary, HTTPTransportError>]>([:])

    /// libcurl at `path` (a file name the dynamic loader searches for, or a path), initialised once.
    static func load(_ path: String) -> Result<CurlLibrary, HTTPTransportError> {
        loaded.withLock { cache in
            if let known = cache[path] { return known }
            let result = open(path)
            cache[path] = result
            return result
        }
    }

    private static func open(_ path: String) -> Result<CurlLibrary, HTTPTransportError> {
        // The library is never closed, so the handle and every function looked up in it stay valid.
        guard let handle = unsafe CCurl_dlopen(path) else {
            // dlerror's text is the loader's, terminated, valid until the next dl call on this thread.
            let why = unsafe dlerror().map { unsafe String(cString: $0) } ?? "not found"
            return .failure(
                HTTPTransportError(
                    .unavailable,
                    "cannot load libcurl (\(why)); the App Store Server API client needs it: install libcurl4 "
                        + "(Debian) or pass a transport of your own"))
        }
        var pointers: [UnsafeMutableRawPointer] = unsafe []
        for name in functionNames {
            guard let function = unsafe dlsym(handle, name) else {
                return .failure(HTTPTransportError(.unavailable, "\(path) is not libcurl: it lacks \(name)"))
            }
            unsafe pointers.append(function)
        }
        let library = unsafe CurlLibrary(pointers)
        // Once, before any handle exists and under the lock: curl_global_init is not thread-safe.
        let code = unsafe CCurl_global_init(library.globalInit, CCurl_GLOBAL_DEFAULT)
        guard code == CCurl_OK else {
            return .failure(HTTPTransportError(.unavailable, "libcurl failed to initialise (code \(code))"))
        }
        return .success(library)
    }

    /// The functions, in the order `init` takes them.
    private static let functionNames = [
        "curl_global_init", "curl_easy_init", "curl_easy_cleanup", "curl_easy_perform", "curl_easy_setopt",
        "curl_easy_getinfo", "curl_easy_strerror", "curl_slist_append", "curl_slist_free_all",
    ]

    /// `functions`: one pointer for each of `functionNames`, in its order.
    private init(_ functions: [UnsafeMutableRawPointer]) {
        unsafe globalInit = functions[0]
        unsafe easyInit = functions[1]
        unsafe easyCleanup = functions[2]
        unsafe easyPerform = functions[3]
        unsafe easySetopt = functions[4]
        unsafe easyGetinfo = functions[5]
        unsafe easyStrerror = functions[6]
        unsafe slistAppend = functions[7]
        unsafe slistFreeAll = functions[8]
    }

    /// libcurl's text for `code`.
    func describe(_ code: Int32) -> String {
        // curl_easy_strerror returns a static, terminated string for any code.
        unsafe CCurl_easy_strerror(easyStrerror, code).map { unsafe String(cString: $0) } ?? "libcurl error \(code)"
    }
}
