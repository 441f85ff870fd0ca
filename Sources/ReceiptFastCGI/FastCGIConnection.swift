internal import CFastCGI

/// A connection the acceptor took, its request not read yet, under a deadline from the moment it was
/// accepted. Owned by one thread at a time; `request()` reads its request, and finishing that request
/// closes it.
public final class FastCGIConnection: @unchecked Sendable {
    private let library: FastCGILibrary
    private let deadlines: ConnectionDeadlines
    let socket: Int32
    private let token: UInt64
    private var closed = false

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
        _ = CFastCGI_close(socket)
    }
}
