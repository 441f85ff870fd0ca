/// Apple's error body (`errorCode`, `errorMessage`), read strictly: both members or neither is believed.
struct AppleErrorBody: Equatable {
    let errorCode: Int64
    let errorMessage: String

    /// Small: Apple's error bodies are a hundred bytes.
    private static let limits = JSONParser.Limits(maximumDepth: 4, maximumValues: 64)
}

extension AppleErrorBody {
    /// Nil when `body` is not Apple's error JSON (a proxy's HTML page, an empty body, a message without a code).
    init?(_ body: [UInt8]) {
        guard body.count <= 64 << 10, case .object(let members)? = try? JSONParser.parse(body, limits: Self.limits),
            case .integer(let code)? = members["errorCode"], case .string(let message)? = members["errorMessage"]
        else { return nil }
        errorCode = code
        errorMessage = message
    }

    /// The error of `response`, for `operation`, with Apple's request id and `Retry-After` when it sent them.
    static func error(_ response: HTTPResponse, operation: AppStoreServerAPIOperation) -> AppStoreServerAPIError {
        let status = response.status
        let server = ServerAnswer(
            status: status, requestID: requestID(response),
            retryAfter: status == 429 ? RetryPolicy.retryAfter(response.headers["retry-after"]) : nil)
        guard let parsed = AppleErrorBody(response.body) else {
            return AppStoreServerAPIError(
                .apple(status: status, errorCode: nil, errorMessage: nil),
                "\(operation.rawValue): HTTP \(status) with no App Store error body", server: server)
        }
        return AppStoreServerAPIError(
            .apple(status: status, errorCode: parsed.errorCode, errorMessage: parsed.errorMessage),
            "\(operation.rawValue): HTTP \(status), App Store error \(parsed.errorCode): \(parsed.errorMessage.prefix(300))",
            server: server)
    }

    /// Apple's id of the request: its `X-Apple-Request-UUID` header, else the `Request ID:` line of a 401 body;
    /// only a short id of safe characters is taken, since it is printed.
    static func requestID(_ response: HTTPResponse) -> String? {
        if let header = response.headers["x-apple-request-uuid"] {
            return shownID(header.trimmingSpaces)
        }
        guard response.body.count <= 4096, let text = String(validating: response.body, as: UTF8.self) else {
            return nil
        }
        let prefix = "Request ID: "
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
        var id = line.dropFirst(prefix.count)
        while id.last == "." || id.last == "\r" || id.last == " " { id = id.dropLast() }
        return shownID(String(id))
    }

    private static func shownID(_ text: String) -> String? {
        let allowed = text.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
        }
        return allowed && !text.isEmpty && text.utf8.count <= 100 ? text : nil
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs (a header value's padding).
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
