internal import CFastCGI
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The service's listening socket (a unix socket path, or `HOST:PORT`), and the one place connections are
/// accepted from: accepting only, never reading, so that no client can hold it. Every connection is cut
/// `timeLimit` seconds after it was accepted if it is still open (`watchDeadlines`).
public final class FastCGIListener: Sendable {
    private let library: FastCGILibrary
    private let socket: Int32
    private let stopped = Atomic(false)
    private let timeLimit: Double
    private let deadlines = ConnectionDeadlines()

    /// Opens `address` (a unix socket's path, or `IPV4:PORT`; `localhost` is 127.0.0.1) with room for `backlog`
    /// connections waiting to be accepted. A unix socket left at the path is replaced; anything else there is
    /// an error.
    public init(_ library: FastCGILibrary, address: String, backlog: Int, timeLimit: Double) throws(FastCGIError) {
        self.library = library
        self.timeLimit = timeLimit
        CFastCGI_raise_descriptor_limit()
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

    /// The next connection, nothing read from it yet; nil once the listener is stopped or the socket fails.
    /// A connection accepted just as the listener stops is returned: the caller answers it. Running out of
    /// descriptors is waited out (connections stay in the backlog meanwhile), not a reason to stop.
    public func accept() -> FastCGIConnection? {
        while !isStopped {
            let descriptor = CFastCGI_accept_connection(socket)
            if descriptor >= 0 {
                return FastCGIConnection(
                    library, socket: descriptor, deadlines: deadlines,
                    deadline: ConnectionDeadlines.now() + timeLimit)
            }
            guard CFastCGI_is_shortage(-descriptor) != 0 else { return nil }
            _ = usleep(10_000)
        }
        return nil
    }

    /// Cuts connections past their deadline, on the calling thread, until `stopWatching`.
    public func watchDeadlines() {
        deadlines.watch()
    }

    /// Ends `watchDeadlines`: called once every request accepted is finished.
    public func stopWatching() {
        deadlines.stop()
    }

    /// Stops accepting: wakes a thread blocked in `accept`, which then returns nil. Requests accepted
    /// before go on to their answers.
    public func stop() {
        stopped.store(true, ordering: .releasing)
        _ = CFastCGI_stop_listening(socket)
    }
}
