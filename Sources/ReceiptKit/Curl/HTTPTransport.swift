/// What sends the App Store Server API client's requests. ``CurlTransport`` (libcurl, loaded when the
/// first request is made) is the default; a Swift server can plug in the HTTP client it already runs.
///
/// A transport sends one request once: retries are the client's (``RetryPolicy``). It must verify the
/// server's TLS certificate and must not follow redirects (a redirect would carry the bearer token to
/// another host).
public protocol HTTPTransport: Sendable {
    /// Sends `request` once, following no redirect, and returns the response whatever its status; throws
    /// only when there is none.
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
    /// The time left before the operation's deadline: a transport gives up on the request after this
    /// long, or sooner by its own timeout. Not sent, and not compared by `==`.
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

/// Why a request got no HTTP response.
public struct HTTPTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, which says whether the client retries.
    public enum Kind: Sendable, Equatable {
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

    /// What kind of failure, to tell them apart without reading ``message``.
    public let kind: Kind
    /// What happened, in words.
    public let message: String

    /// An error of `kind`, saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// Whether sending again may succeed.
    public var isTransient: Bool { kind == .network }

    public var description: String { message }
}
