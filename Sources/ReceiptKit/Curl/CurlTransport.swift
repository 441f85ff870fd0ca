internal import CCurl
import Dispatch

/// The default ``HTTPTransport``: libcurl, loaded when the first request is made, HTTPS only, verifying
/// the server, following no redirect, within its timeouts, each request on a Dispatch thread.
struct CurlTransport: HTTPTransport {
    /// How long making the connection (TLS included) may take.
    var connectTimeout: Duration
    /// How long the whole request may take, from connecting to the last byte of the response.
    var requestTimeout: Duration
    /// A PEM file of the only CAs to trust instead of the system's (libcurl's default file and directory unread).
    var caFile: String?
    /// Larger responses are refused: Apple's largest (a notification history page) are far smaller.
    var maximumResponseBytes: Int
    /// Where libcurl is: a name the dynamic loader searches for, or a path.
    var libraryPath: String

    /// A transport with these limits; `libraryPath` nil: the loader finds libcurl by its usual name.
    init(
        connectTimeout: Duration = .seconds(10), requestTimeout: Duration = .seconds(30), caFile: String? = nil,
        maximumResponseBytes: Int = 16 << 20, libraryPath: String? = nil
    ) {
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.caFile = caFile
        self.maximumResponseBytes = maximumResponseBytes
        self.libraryPath = libraryPath ?? CurlLibrary.defaultPath
    }

    /// Sends `request` once with libcurl, on a Dispatch thread, and returns the response whatever its status.
    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: perform(request))
            }
        }
        return try result.get()
    }

    /// The request, sent and read on the calling thread.
    func perform(_ request: HTTPRequest) -> Result<HTTPResponse, HTTPTransportError> {
        let library: CurlLibrary
        switch CurlLibrary.load(libraryPath) {
        case .success(let loaded): library = loaded
        case .failure(let error): return .failure(error)
        }
        for (name, value) in request.headers
        where (name + value).utf8.contains(where: { $0 == 10 || $0 == 13 || $0 == 0 }) || name.isEmpty {
            return .failure(HTTPTransportError(.invalidRequest, "the header \(name) holds a line break"))
        }
        guard let handle = CurlHandle(library) else {
            return .failure(HTTPTransportError(.unavailable, "libcurl could not make a handle"))
        }
        let sink = CurlSink(limit: maximumResponseBytes)
        var lines = request.headers.map { "\($0.name): \($0.value)" }
        if request.header("Content-Type") == nil {
            // libcurl would label a POST body as a form; Apple's libraries send none for an empty body.
            lines.append("Content-Type:")
        }
        lines.append("Expect:")
        handle.setHeaders(lines)
        handle.set(CCurlOPT_URL, request.url)
        handle.set(CCurlOPT_NOSIGNAL, 1)
        handle.set(CCurlOPT_PROTOCOLS, CCurl_PROTO_HTTPS)
        handle.set(CCurlOPT_REDIR_PROTOCOLS, CCurl_PROTO_HTTPS)
        handle.set(CCurlOPT_CONNECTTIMEOUT_MS, Self.milliseconds(connectTimeout))
        handle.set(CCurlOPT_TIMEOUT_MS, Self.milliseconds(min(requestTimeout, request.timeout ?? requestTimeout)))
        if let caFile {
            handle.set(CCurlOPT_CAINFO, caFile)
            // Without this, libcurl's default CA directory would still be trusted beside the file.
            handle.clear(CCurlOPT_CAPATH)
        }
        if request.method != "GET", request.method != "POST" || request.body == nil {
            handle.set(CCurlOPT_CUSTOMREQUEST, request.method)
        }
        // The sink is retained until this function returns, after the transfer: the callbacks' context stays valid.
        let unmanaged = unsafe Unmanaged.passRetained(sink)
        defer { unsafe unmanaged.release() }
        let context = unsafe unmanaged.toOpaque()
        unsafe handle.set(CCurlOPT_WRITEDATA, pointer: context)
        unsafe handle.set(CCurlOPT_HEADERDATA, pointer: context)
        unsafe handle.set(CCurlOPT_WRITEFUNCTION, callback: CurlSink.writeBody)
        unsafe handle.set(CCurlOPT_HEADERFUNCTION, callback: CurlSink.writeHeader)

        // A body that is never null: given null, libcurl would read the body from standard input.
        let body = request.body ?? (request.method == "POST" ? [] : nil)
        let code: Int32
        if let body {
            let bytes = body.isEmpty ? [0] : body
            // libcurl reads the body only during perform, which runs inside the closure that keeps it valid.
            code = unsafe bytes.withUnsafeBufferPointer { buffer in
                handle.set(CCurlOPT_POSTFIELDSIZE, body.count)
                unsafe handle.set(CCurlOPT_POSTFIELDS, pointer: UnsafeRawPointer(buffer.baseAddress))
                return handle.perform()
            }
        } else {
            code = handle.perform()
        }
        guard Int(code) == CCurl_OK else {
            return .failure(error(code, library: library, handle: handle, sink: sink))
        }
        return .success(HTTPResponse(status: handle.responseCode, headers: sink.headers, body: sink.body))
    }

    private func error(_ code: Int32, library: CurlLibrary, handle: CurlHandle, sink: CurlSink)
        -> HTTPTransportError
    {
        let detail = handle.errorText.isEmpty ? library.describe(code) : handle.errorText
        if sink.overflowed {
            return HTTPTransportError(.responseTooLarge, "the response is larger than \(maximumResponseBytes) bytes")
        }
        switch Int(code) {
        case CCurl_PEER_FAILED_VERIFICATION, CCurl_SSL_CACERT_BADFILE, 58, 83:
            return HTTPTransportError(.untrustedServer, "the server is not trusted: \(detail)")
        case 1, 3:
            return HTTPTransportError(.invalidRequest, "the URL cannot be requested: \(detail)")
        case CCurl_OPERATION_TIMEDOUT:
            return HTTPTransportError(.network, "timed out: \(detail)")
        default:
            return HTTPTransportError(.network, detail)
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let total = seconds.multipliedReportingOverflow(by: 1000)
        guard !total.overflow, total.partialValue >= 0 else { return 1 }
        return Int(max(1, total.partialValue + attoseconds / 1_000_000_000_000_000))
    }
}
