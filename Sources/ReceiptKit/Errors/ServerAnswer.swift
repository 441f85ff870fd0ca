/// What a server's error answer carried beside its body, to quote or to wait on: never a key or a token.
public struct ServerAnswer: Sendable, Equatable {
    /// The HTTP status of the answer.
    public var status: Int
    /// The server's id of the request (`X-Apple-Request-UUID`, or a 401 body's `Request ID`), for Apple's support.
    public var requestID: String?
    /// How long the server asked the client to wait (`Retry-After`, in seconds), when it did.
    public var retryAfter: Duration?

    /// The answer of `status`, with its request id and `Retry-After` when it had them.
    public init(status: Int, requestID: String? = nil, retryAfter: Duration? = nil) {
        self.status = status
        self.requestID = requestID
        self.retryAfter = retryAfter
    }
}
