internal import CFastCGI
import Synchronization

/// The service's listening socket (a unix socket path, or `HOST:PORT`), opened by libfcgi, and the one place
/// requests are accepted from.
public final class FastCGIListener: Sendable {
    private let library: FastCGILibrary
    private let socket: Int32
    private let stopped = Atomic(false)

    /// Opens `address` with room for `backlog` connections waiting to be accepted. A unix socket's path is
    /// replaced if it exists.
    public init(_ library: FastCGILibrary, address: String, backlog: Int) throws(FastCGIError) {
        self.library = library
        let descriptor = unsafe CFastCGI_open_socket(library.openSocket, address, Int32(clamping: backlog))
        guard descriptor >= 0 else {
            throw FastCGIError("cannot listen on \(address) (libfcgi's code \(descriptor))")
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
