internal import CCurl

/// One libcurl easy handle and its header list. Sound: they and the error buffer are made in `init` (or
/// `setHeaders`), never handed out, and freed only in `deinit`.
@safe final class CurlHandle {
    private let library: CurlLibrary
    private let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutableRawPointer?
    /// Where libcurl writes why a transfer failed: kept alive as long as the handle.
    private let errorBuffer: UnsafeMutablePointer<CChar>

    init?(_ library: CurlLibrary) {
        // easyInit is curl_easy_init, looked up by name (CurlLibrary), which returns an owned handle or null.
        guard let made = unsafe CCurl_easy_init(library.easyInit) else { return nil }
        self.library = library
        unsafe handle = made
        // One byte past CURL_ERROR_SIZE, zeroed: the text read back is terminated even if libcurl fills it.
        unsafe errorBuffer = .allocate(capacity: Int(CCurl_ERROR_SIZE) + 1)
        unsafe errorBuffer.initialize(repeating: 0, count: Int(CCurl_ERROR_SIZE) + 1)
        _ = unsafe CCurl_setopt_pointer(library.easySetopt, handle, Int32(CCurlOPT_ERRORBUFFER), errorBuffer)
    }

    deinit {
        // The handle goes first: it may still point at the list and the buffer until it is cleaned up.
        unsafe CCurl_easy_cleanup(library.easyCleanup, handle)
        if let headerList = unsafe headerList {
            unsafe CCurl_slist_free_all(library.slistFreeAll, headerList)
        }
        unsafe errorBuffer.deallocate()
    }

    func set(_ option: Int, _ value: Int) {
        // A long option: libcurl reads the value, no pointer is kept.
        _ = unsafe CCurl_setopt_long(library.easySetopt, handle, Int32(option), value)
    }

    /// A string option: libcurl copies these (since 7.17), so the copy made for the call may go after it.
    func set(_ option: Int, _ value: String) {
        _ = unsafe value.withCString { unsafe CCurl_setopt_pointer(library.easySetopt, handle, Int32(option), $0) }
    }

    /// A pointer option: the caller keeps what `pointer` points at alive until the handle is done with it.
    @unsafe func set(_ option: Int, pointer: UnsafeRawPointer?) {
        _ = unsafe CCurl_setopt_pointer(library.easySetopt, handle, Int32(option), pointer)
    }

    /// A pointer option libcurl only resets (the default CA directory, say): nothing is kept.
    func clear(_ option: Int) {
        _ = unsafe CCurl_setopt_pointer(library.easySetopt, handle, Int32(option), nil)
    }

    /// A callback: a C function, which holds no Swift reference of its own.
    func set(_ option: Int, callback: CCurl_write_callback) {
        _ = unsafe CCurl_setopt_callback(library.easySetopt, handle, Int32(option), callback)
    }

    /// The request's header lines; libcurl keeps the list, not a copy, so it lives with the handle.
    func setHeaders(_ lines: [String]) {
        for line in lines {
            // curl_slist_append copies the line; on failure it returns null and the list is unchanged.
            unsafe headerList =
                unsafe line.withCString { unsafe CCurl_slist_append(library.slistAppend, headerList, $0) }
                ?? headerList
        }
        // The list lives as long as the handle (freed after it in deinit).
        unsafe set(CCurlOPT_HTTPHEADER, pointer: UnsafeRawPointer(headerList))
    }

    func perform() -> Int32 {
        unsafe CCurl_easy_perform(library.easyPerform, handle)
    }

    var responseCode: Int {
        var code = 0
        // CURLINFO_RESPONSE_CODE writes one long into `code`, which lives for the call.
        _ = unsafe CCurl_getinfo_long(library.easyGetinfo, handle, Int32(CCurlINFO_RESPONSE_CODE), &code)
        return code
    }

    /// The buffer is zeroed and one byte longer than libcurl writes, so it is always terminated.
    var errorText: String { unsafe String(cString: errorBuffer) }
}
