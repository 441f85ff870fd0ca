internal import CFastCGI
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The service's listening socket (a unix socket path, or `HOST:PORT`), and the one place connections are
/// taken from: newly accepted ones, and those the web server keeps open between requests (FCGI_KEEP_CONN)
/// once their next request arrives. Accepting and waiting only, never reading, so that no client can hold
/// it; an idle kept connection holds no thread. Every connection taken is cut `timeLimit` seconds later if
/// it is still open (`watchDeadlines`), and an idle one after `idleSeconds`.
public final class FastCGIListener: Sendable {
    private let library: FastCGILibrary
    private let socket: Int32
    private let poller: Int32
    private let stopped = Atomic(false)
    private let timeLimit: Double
    private let deadlines = ConnectionDeadlines()
    /// Kept connections waiting for their next request, by socket; closed when the listener stops.
    private let idle = Mutex(Idle())

    private struct Idle {
        var connections: [Int32: FastCGIConnection] = [:]
        var stopped = false
    }

    /// How long a kept connection may wait for its next request: longer than the example nginx keeps one
    /// (30 s), so that the web server, which knows when it will send, closes first.
    public static let idleSeconds = 60.0
    /// Kept connections at most; past it a connection is closed after its answer instead.
    public static let idleLimit = 1024

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
        guard descriptor >= 0 else { throw Self.failure("cannot listen on \(address)", descriptor) }
        let poller = CFastCGI_poller_open()
        let watched = poller >= 0 ? CFastCGI_poller_watch(poller, descriptor, 0, 0) : poller
        guard watched == 0 else {
            _ = CFastCGI_close(descriptor)
            if poller >= 0 { _ = CFastCGI_close(poller) }
            throw Self.failure("cannot wait for connections on \(address)", watched)
        }
        socket = descriptor
        self.poller = poller
    }

    deinit {
        _ = CFastCGI_close(poller)
        _ = CFastCGI_close(socket)
    }

    private static func failure(_ what: String, _ negativeErrno: Int32) -> FastCGIError {
        let error = -negativeErrno
        // strerror's text is the C library's, terminated; copied at once.
        let why = unsafe CFastCGI_strerror(error).map { unsafe String(cString: $0) } ?? "error \(error)"
        return FastCGIError("\(what): \(why)")
    }

    /// Whether `stop` was called: no request is accepted after it.
    public var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// The next connections with a request to read: accepted ones and kept ones whose next request came;
    /// nil once the listener is stopped or the socket fails. Connections taken just as the listener stops are
    /// returned: the caller answers them. Running out of descriptors is waited out (connections stay in the
    /// backlog meanwhile), not a reason to stop.
    public func next() -> [FastCGIConnection]? {
        var descriptors = [Int32](repeating: -1, count: 64)
        var ended = [Int32](repeating: 0, count: 64)
        while !isStopped {
            // The arrays hold 64 each, the most the shim writes.
            let count = unsafe CFastCGI_poller_wait(poller, &descriptors, &ended, 64, 100)
            guard count >= 0 else { return nil }
            var ready: [FastCGIConnection] = []
            for index in 0..<Int(count) {
                if descriptors[index] == socket {
                    guard acceptWaiting(into: &ready) else { return nil }
                } else if let kept = idle.withLock({ $0.connections.removeValue(forKey: descriptors[index]) }) {
                    if ended[index] != 0 {
                        kept.close()
                    } else {
                        kept.setDeadline(ConnectionDeadlines.now() + timeLimit)
                        ready.append(kept)
                    }
                }
            }
            if !ready.isEmpty { return ready }
        }
        return nil
    }

    /// Accepts every connection waiting; false when accepting failed for another reason than a shortage.
    private func acceptWaiting(into ready: inout [FastCGIConnection]) -> Bool {
        while true {
            let descriptor = CFastCGI_accept_connection(socket)
            if descriptor >= 0 {
                ready.append(
                    FastCGIConnection(
                        library, socket: descriptor, deadlines: deadlines,
                        deadline: ConnectionDeadlines.now() + timeLimit))
                continue
            }
            if CFastCGI_is_would_block(-descriptor) != 0 { return true }
            guard CFastCGI_is_shortage(-descriptor) != 0 else { return isStopped }
            _ = usleep(10_000)
            return true
        }
    }

    /// Takes back a connection whose request was answered and that the web server keeps open: it waits,
    /// holding no thread, for its next request. Closed instead when the listener is stopping or holds
    /// `idleLimit` such connections already.
    public func keep(_ connection: FastCGIConnection) {
        let again: Int32 = connection.poller >= 0 ? 1 : 0
        connection.poller = poller
        connection.setDeadline(ConnectionDeadlines.now() + Self.idleSeconds)
        // Handed over under the lock, after every change to it above: the acceptor takes it out under the
        // same lock, so it sees them.
        let kept = idle.withLock { idle in
            guard !idle.stopped, idle.connections.count < Self.idleLimit else { return false }
            idle.connections[connection.socket] = connection
            return true
        }
        guard kept else { return connection.close() }
        // Armed last: from here the acceptor may take it.
        guard CFastCGI_poller_watch(poller, connection.socket, 1, again) == 0 else {
            if let lost = idle.withLock({ $0.connections.removeValue(forKey: connection.socket) }) { lost.close() }
            return
        }
    }

    /// Cuts connections past their deadline, on the calling thread, until `stopWatching`.
    public func watchDeadlines() {
        deadlines.watch()
    }

    /// Ends `watchDeadlines`: called once every request accepted is finished.
    public func stopWatching() {
        deadlines.stop()
    }

    /// Stops accepting: wakes the thread waiting in `next`, which then returns nil, and closes the kept
    /// connections waiting for a request. Requests taken before go on to their answers.
    public func stop() {
        stopped.store(true, ordering: .releasing)
        _ = CFastCGI_stop_listening(socket)
        let waiting = idle.withLock { idle in
            idle.stopped = true
            defer { idle.connections = [:] }
            return Array(idle.connections.values)
        }
        for connection in waiting { connection.close() }
    }
}
