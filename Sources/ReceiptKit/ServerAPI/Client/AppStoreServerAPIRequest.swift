/// One App Store Server API request before the client adds the host, the token and its headers, exactly
/// as Apple's `AppStoreServerAPIClient` builds it.
public struct AppStoreServerAPIRequest: Sendable, Equatable {
    /// One query parameter; a parameter Apple takes several times is several items, in order.
    public struct QueryItem: Sendable, Equatable {
        /// The parameter's name, as Apple documents it.
        public let name: String
        /// Its value, before encoding.
        public let value: String

        /// The parameter `name` with `value`.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The operation the request is for.
    public let operation: AppStoreServerAPIOperation
    /// The HTTP method Apple documents for it.
    public let method: String
    /// The path, each segment the caller gave percent-encoded.
    public let path: String
    /// The query parameters, in the order they are sent.
    public let query: [QueryItem]
    /// The body as sent: JSON for every operation but `upload-image` (PNG), nil for none.
    public let body: [UInt8]?
    /// The body's media type, nil with no body.
    public let contentType: String?
    /// What the answer must hold to be for this request, when Apple's contract makes it checkable.
    let expectedAnswer: ExpectedAnswer?

    init(
        _ operation: AppStoreServerAPIOperation, _ method: String, _ segments: [PathSegment],
        query: [QueryItem] = [], body: [UInt8]? = nil, contentType: String? = nil, binding: ExpectedAnswer? = nil
    ) {
        self.operation = operation
        self.method = method
        path = segments.map { segment in
            switch segment {
            case .fixed(let text): text
            case .value(let text): "/" + Self.percentEncoded(text, spaceAsPlus: false)
            }
        }.joined()
        self.query = query
        self.body = body
        self.contentType = body == nil ? nil : contentType ?? "application/json"
        expectedAnswer = binding
    }

    /// A piece of a path: Apple's fixed text, or a value the caller gave (one segment, encoded).
    enum PathSegment: ExpressibleByStringLiteral {
        case fixed(String)
        case value(String)

        init(stringLiteral text: String) {
            self = .fixed(text)
        }
    }

    /// The path and query, the query encoded as Python's `urlencode` encodes it (Apple's Python library).
    public var pathAndQuery: String {
        guard !query.isEmpty else { return path }
        let items = query.map {
            Self.percentEncoded($0.name, spaceAsPlus: true) + "=" + Self.percentEncoded($0.value, spaceAsPlus: true)
        }
        return path + "?" + items.joined(separator: "&")
    }

    /// `text` with every byte but RFC 3986's unreserved characters percent-encoded, a space as `+` in a query.
    static func percentEncoded(_ text: String, spaceAsPlus: Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.append(byte)
            case UInt8(ascii: " ") where spaceAsPlus:
                out.append(UInt8(ascii: "+"))
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
