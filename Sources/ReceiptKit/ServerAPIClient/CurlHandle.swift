internal import CCurl

/// One libcurl easy handle and the header list it sends, freed together.
final class CurlHandle {
    private let library: CurlLibrary
    private let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutableRawPointer?
    /// Where libcurl writes why a transfer failed: kept alive as long as the handle.
    private let errorBuffer: UnsafeMutablePointer<CChar>

    init?(_ library: CurlLibrary) {
        guard let made = CCurl_easy_init(library.easyInit) else { return nil }
        self.library = library
        handle = made
        errorBuffer = .allocate(capacity: Int(CCurl_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CCurl_ERROR_SIZE) + 1)
        _ = CCurl_setopt_pointer(library.easySetopt, handle, Int32(CCurlOPT_ERRORBUFFER), errorBuffer)
    }

    deinit {
        CCurl_easy_cleanup(library.easyCleanup, handle)
        if let headerList {
            CCurl_slist_free_all(library.slistFreeAll, headerList)
        }
        errorBuffer.deallocate()
    }

    func set(_ option: Int, _ value: Int) {
        _ = CCurl_setopt_long(library.easySetopt, handle, Int32(option), value)
    }

    /// A string option: libcurl copies these (since 7.17), so the copy made for the call may go after it.
    func set(_ option: Int, _ value: String) {
        _ = value.withCString { CCurl_setopt_pointer(library.easySetopt, handle, Int32(option), $0) }
    }

    func set(_ option: Int, pointer: UnsafeRawPointer?) {
        _ = CCurl_setopt_pointer(library.easySetopt, handle, Int32(option), pointer)
    }

    func set(_ option: Int, callback: CCurl_write_callback) {
        _ = CCurl_setopt_callback(library.easySetopt, handle, Int32(option), callback)
    }

    /// The request's header lines; libcurl keeps the list, not a copy, so it lives with the handle.
    func setHeaders(_ lines: [String]) {
        for line in lines {
            headerList = line.withCString { CCurl_slist_append(library.slistAppend, headerList, $0) } ?? headerList
        }
        set(CCurlOPT_HTTPHEADER, pointer: UnsafeRawPointer(headerList))
    }

    func perform() -> Int32 {
        CCurl_easy_perform(library.easyPerform, handle)
    }

    var responseCode: Int {
        var code = 0
        _ = CCurl_getinfo_long(library.easyGetinfo, handle, Int32(CCurlINFO_RESPONSE_CODE), &code)
        return code
    }

    var errorText: String { String(cString: errorBuffer) }
}
