internal import CFastCGI

/// A connection the acceptor took (newly accepted, or kept open by the web server and ready with its next
/// request), its request not read yet, under a deadline from the moment it was taken. Owned by one thread at
/// a time; `request()` reads its request, and finishing that request closes it or hands it back
/// (`FastCGIListener.keep`).
public final class FastCGIConnection: @unchecked Sendable {
    private let library: FastCGILibrary
    private let deadlines: ConnectionDeadlines
    let socket: Int32
    private var token: UInt64
    private var closed = false
    /// The listener's poller once it watches the connection (it was kept after an answer), else -1.
    var poller: Int32 = -1

    init(_ library: FastCGILibrary, socket: Int32, deadlines: ConnectionDeadlines, deadline: Double) {
        self.library = library
        self.deadlines = deadlines
        self.socket = socket
        self.token = deadlines.register(socket, deadline: deadline)
    }

    deinit {
        close()
    }

    /// Cuts the connection `seconds` from now if it is still open then, when that is sooner than its deadline:
    /// a refusal waits on a client less than an answer does.
    public func limit(toSeconds seconds: Double) {
        deadlines.shorten(token, to: ConnectionDeadlines.now() + seconds)
    }

    /// Its deadline from now on: a kept connection's next request has its own time limit, and an idle one
    /// is cut after a while.
    func setDeadline(_ deadline: Double) {
        guard !closed else { return }
        deadlines.release(token)
        token = deadlines.register(socket, deadline: deadline)
    }

    /// Its request, the parameters read (the body not yet); nil when none came before the deadline or it
    /// was not a FastCGI request (the connection is closed then).
    public func request() -> FastCGIRequest? {
        guard !closed else { return nil }
        let request = FastCGIRequest(library, connection: self)
        guard request.accept() else {
            close()
            return nil
        }
        return request
    }

    /// Closes it, once: no longer watched, then closed.
    func close() {
        guard !closed else { return }
        closed = true
        deadlines.release(token)
        if poller >= 0 { CFastCGI_poller_forget(poller, socket) }
        _ = CFastCGI_close(socket)
    }
}
