/// What sends the App Store Server API client's requests: libcurl by default, or the server's own client.
/// It sends once (retries are the client's), must verify TLS and must not follow redirects, which would
/// carry the bearer token to another host.
public protocol HTTPTransport: Sendable {
    /// Sends `request` once and returns the response whatever its status; throws only when there is none.
    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse
}

/// One HTTPS request, as the client built it.
public struct HTTPRequest: Sendable, Equatable {
    /// The HTTP method: `GET`, `POST`, `PUT`...
    public var method: String
    /// The whole URL: base, path and query, percent-encoded.
    public var url: String
    /// Header lines in order, as name and value.
    public var headers: [(name: String, value: String)]
    /// The body, nil for none (not the same as an empty one on a POST).
    public var body: [UInt8]?
    /// The time left before the operation's deadline; not sent, and not compared by `==`.
    public var timeout: Duration?

    /// A request of these parts, as the client builds them.
    public init(
        method: String, url: String, headers: [(name: String, value: String)], body: [UInt8]?,
        timeout: Duration? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The value of the header `name` (case-insensitive), if sent.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public static func == (left: HTTPRequest, right: HTTPRequest) -> Bool {
        left.method == right.method && left.url == right.url && left.body == right.body
            && left.headers.map(\.name) == right.headers.map(\.name)
            && left.headers.map(\.value) == right.headers.map(\.value)
    }
}

/// One HTTP response: status, the headers the client reads, the body.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// Header names lowercased.
    public var headers: [String: String]
    /// The body as received.
    public var body: [UInt8]

    /// A response of these parts; header names are lowercased, and of a repeated name the last is kept.
    public init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }
}

/// Why a request got no HTTP response: what a transport throws, its kind an ``HTTPRequest/Failure``.
public typealias HTTPTransportError = KindedError<HTTPRequest.Failure>

extension HTTPRequest {
    /// What went wrong, which says whether the client retries.
    public enum Failure: Sendable, Equatable {
        /// The HTTP library could not be loaded (libcurl missing): nothing was sent, retrying cannot help.
        case unavailable
        /// The connection could not be made, timed out or broke: retried.
        case network
        /// The server's certificate was not trusted, or the CA file could not be read: not retried.
        case untrustedServer
        /// The response was larger than the client takes: not retried.
        case responseTooLarge
        /// The request could not be made (a bad URL, a header with a line break): not retried.
        case invalidRequest
    }
}

extension KindedError where Kind == HTTPRequest.Failure {
    /// Whether sending again may succeed.
    public var isTransient: Bool { kind == .network }
}
