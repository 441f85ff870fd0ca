internal import CFastCGI
import Synchronization

/// The service's listening socket (a unix socket path, or `HOST:PORT`), opened by libfcgi, and the one place
/// requests are accepted from.
public final class FastCGIListener: Sendable {
    private let library: FastCGILibrary
    private let socket: Int32
    private let stopped = Atomic(false)

    /// Opens `address` (a unix socket's path, or `IPV4:PORT`; `localhost` is 127.0.0.1) with room for `backlog`
    /// connections waiting to be accepted. A unix socket left at the path is replaced; anything else there is
    /// an error.
    public init(_ library: FastCGILibrary, address: String, backlog: Int) throws(FastCGIError) {
        self.library = library
        let waiting = Int32(clamping: backlog)
        let descriptor: Int32
        let parts = address.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, let port = Int32(parts[1]) {
            let host = parts[0] == "localhost" ? "127.0.0.1" : String(parts[0])
            // The strings are passed as terminated copies that live for the call; the shim keeps no pointer.
            descriptor = unsafe CFastCGI_listen_tcp(host, port, waiting)
        } else {
            descriptor = unsafe CFastCGI_listen_unix(address, waiting)
        }
        guard descriptor >= 0 else {
            // strerror's text is the C library's, terminated; copied at once.
            let why = unsafe CFastCGI_strerror(-descriptor).map { unsafe String(cString: $0) } ?? "error \(-descriptor)"
            throw FastCGIError("cannot listen on \(address): \(why)")
        }
        socket = descriptor
    }

    /// Whether `stop` was called: no request is accepted after it.
    public var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// The next request, its parameters read (its body not yet); nil once the listener is stopped or the
    /// socket fails. A request accepted just as the listener stops is returned: the caller answers it.
    public func accept() -> FastCGIRequest? {
        guard !isStopped else { return nil }
        let request = FastCGIRequest(library, socket: socket)
        return request.accept() ? request : nil
    }

    /// Stops accepting: wakes a thread blocked in `accept`, which then returns nil. Requests accepted
    /// before go on to their answers.
    public func stop() {
        stopped.store(true, ordering: .releasing)
        unsafe CFastCGI_shutdown_pending(library.shutdownPending)
        _ = CFastCGI_stop_listening(socket)
    }
}
