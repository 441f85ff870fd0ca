internal import CFastCGI

/// One FastCGI request: its parameters, its body read in bounded pieces, its answer written. Owned by one
/// thread at a time (the worker that read it); `finish` ends the exchange.
@safe public final class FastCGIRequest: @unchecked Sendable {
    private let library: FastCGILibrary
    /// Allocated in init, freed in deinit; libfcgi owns the streams and parameters it points to between
    /// a successful accept and finish.
    private let request: UnsafeMutablePointer<CFastCGI_Request>
    private var accepted = false

    /// Kept open while the request is: its socket is what the deadline cuts.
    private let connection: FastCGIConnection

    init(_ library: FastCGILibrary, connection: FastCGIConnection) {
        self.library = library
        self.connection = connection
        unsafe request = UnsafeMutablePointer<CFastCGI_Request>.allocate(capacity: 1)
        // Zeroed, as FCGX_InitRequest leaves it, until accept sets it up.
        unsafe request.initialize(to: CFastCGI_Request())
    }

    deinit {
        finish()
        unsafe request.deallocate()
    }

    /// Reads the connection's parameters; false when that failed (no request before the deadline, or not a
    /// FastCGI one). libfcgi works on a copy of the connection's descriptor, which it closes when it is done,
    /// while the connection's own stays open and watched until `finish`.
    func accept() -> Bool {
        let copy = CFastCGI_duplicate(connection.socket)
        guard copy >= 0 else { return false }
        accepted = unsafe CFastCGI_accept_on(library.initRequest, library.accept, request, copy) >= 0
        // On failure libfcgi has closed the copy already, unless it failed before reading it.
        if !accepted, unsafe request.pointee.ipcFd >= 0 {
            _ = unsafe CFastCGI_close(request.pointee.ipcFd)
            unsafe request.pointee.ipcFd = -1
        }
        return accepted
    }

    /// The parameter's value (`REQUEST_METHOD`, `CONTENT_LENGTH`, `DOCUMENT_URI`...), nil when absent.
    public func parameter(_ name: String) -> String? {
        guard accepted else { return nil }
        // The parameters are libfcgi's, valid until finish; the value is a terminated string among them.
        guard let value = unsafe CFastCGI_get_param(library.getParam, name, request.pointee.envp) else { return nil }
        return unsafe String(cString: value)
    }

    /// Up to `limit` bytes of the body (fewer when it ends first); nil when the stream fails.
    public func readBody(upTo limit: Int) -> [UInt8]? {
        guard accepted, let stream = unsafe request.pointee.in else { return nil }
        var body: [UInt8] = []
        let chunk = 64 << 10
        while body.count < limit {
            let want = min(chunk, limit - body.count)
            var piece = [UInt8](repeating: 0, count: want)
            // FCGX_GetStr writes at most `want` bytes into the buffer of `want` bytes, and returns how many.
            let count = unsafe piece.withUnsafeMutableBytes { buffer in
                unsafe CFastCGI_get_str(
                    library.getStr, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(want), stream)
            }
            guard count >= 0, Int(count) <= want else { return nil }
            body.append(contentsOf: piece[..<Int(count)])
            if Int(count) < want { break }
        }
        return body
    }

    /// Writes the answer's bytes (libfcgi buffers them); false when the connection is gone.
    public func write(_ bytes: [UInt8]) -> Bool {
        guard accepted, let stream = unsafe request.pointee.out else { return false }
        var offset = 0
        while offset < bytes.count {
            let count = min(bytes.count - offset, 1 << 20)
            // The buffer holds `bytes.count` bytes; [offset, offset + count) lies inside it.
            let written = unsafe bytes.withUnsafeBytes { buffer in
                unsafe CFastCGI_put_str(
                    library.putStr, buffer.baseAddress?.advanced(by: offset).assumingMemoryBound(to: CChar.self),
                    Int32(count), stream)
            }
            guard written == Int32(count) else { return false }
            offset += count
        }
        return true
    }

    /// Whether the connection can carry the web server's next request once this one is answered: the web
    /// server asked to keep it (FCGI_KEEP_CONN) and the body is at its end (a read finds it, within the
    /// connection's deadline), so nothing of this request is left to be read as the next one's.
    public func canKeepConnection() -> Bool {
        guard accepted, unsafe request.pointee.keepConnection != 0, let stream = unsafe request.pointee.in else {
            return false
        }
        return unsafe CFastCGI_at_end(library.hasSeenEOF, library.getStr, stream) != 0
    }

    /// Flushes the answer and ends the request; its connection is closed, or, with `keepingConnection` and
    /// `canKeepConnection()`, left open for the caller to hand back to the listener: whether it was. A second
    /// call does nothing.
    @discardableResult
    public func finish(keepingConnection: Bool = false) -> Bool {
        guard accepted else { return false }
        let keep = keepingConnection && canKeepConnection()
        accepted = false
        unsafe CFastCGI_finish(library.finish, request, keep ? 1 : 0)
        if !keep { connection.close() }
        return keep
    }
}
