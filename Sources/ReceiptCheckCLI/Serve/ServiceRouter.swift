import ReceiptKit

/// What the service answers for one request by its route: a pure function of method, path, declared length
/// and body, so that it is tested without a socket.
struct ServiceRouter {
    struct Request {
        var method: String?
        /// The path, without the query (nginx's `DOCUMENT_URI`).
        var path: String?
        var contentLength: String?
        /// At most `count` bytes of the body, fewer when it ends first.
        var readBody: (Int) -> [UInt8]
        /// The `Authorization` header (`HTTP_AUTHORIZATION`), which `GET /customers/ID` asks for.
        var authorization: String? = nil
    }

    /// The request as libfcgi hands it over, parameters by name and body on demand; the fuzz target builds it too.
    static func request(parameter: (String) -> String?, readBody: @escaping (Int) -> [UInt8]) -> Request {
        Request(
            method: parameter("REQUEST_METHOD"), path: path(parameter),
            contentLength: parameter("CONTENT_LENGTH"), readBody: readBody,
            authorization: parameter("HTTP_AUTHORIZATION"))
    }

    /// The request's path without its query: nginx's `DOCUMENT_URI`, else `REQUEST_URI` cut at `?`.
    static func path(_ parameter: (String) -> String?) -> String? {
        if let path = parameter("DOCUMENT_URI") { return path }
        return parameter("REQUEST_URI").map { uri in
            uri.firstIndex(of: "?").map { String(uri[..<$0]) } ?? uri
        }
    }

    let configuration: ServiceConfiguration
    let workers: Int
    let isStopping: Bool
    /// Access-log lines the service could not write (a full disk): said in `GET /health`.
    var logLinesLost = 0

    static let verifyReceiptPath = "/verifyReceipt"
    static let verifyPath = "/verify"
    static let healthPath = "/health"
    static let notificationsPath = "/notifications"

    func answer(_ request: Request) -> HTTPAnswer {
        switch request.path {
        case Self.verifyReceiptPath?:
            return VerifyReceiptExchange.answer(
                method: request.method, contentLength: request.contentLength, limit: configuration.limit,
                validator: configuration.validator, readBody: request.readBody)
        case Self.verifyPath?:
            return verify(request)
        case Self.healthPath?:
            return health(request)
        case Self.notificationsPath?:
            return NotificationsRoute.answer(request, intake: configuration.intake, limit: configuration.limit)
        case let path? where path.hasPrefix(CustomersRoute.prefix):
            return CustomersRoute.answer(request, access: configuration.customers)
        default:
            return Self.error(404, "Not Found", "no such route: POST /verifyReceipt, POST /verify or GET /health")
        }
    }

    private func verify(_ request: Request) -> HTTPAnswer {
        guard request.method == "POST" else {
            return Self.error(405, "Method Not Allowed", "POST the input", extraHeaders: "Allow: POST\r\n")
        }
        let body: [UInt8]
        switch RequestBody.read(
            contentLength: request.contentLength, limit: configuration.limit, readBody: request.readBody)
        {
        case .success(let read):
            body = read
        case .failure(let refused):
            return Self.error(413, "Payload Too Large", refused.problem)
        }
        let result = configuration.runner.check(BatchInput(name: "request", content: .bytes(body)))
        let json = result.body
        var answer: HTTPAnswer
        switch result.status {
        case .valid, .notEntitled, .invalid:
            answer = HTTPAnswer(200, "OK", json: json)
        case .malformed, .noInput:
            answer = HTTPAnswer(400, "Bad Request", json: json)
        case .temporaryFailure:
            answer = HTTPAnswer(503, "Service Unavailable", json: json, extraHeaders: "Retry-After: 1\r\n")
        default:
            answer = HTTPAnswer(500, "Internal Server Error", json: json)
        }
        answer.reason = result.reason?.rawValue
        answer.problem = result.error
        return answer
    }

    private func health(_ request: Request) -> HTTPAnswer {
        guard request.method == "GET" || request.method == "HEAD" else {
            return Self.error(405, "Method Not Allowed", "GET the health", extraHeaders: "Allow: GET, HEAD\r\n")
        }
        let json =
            "{\"ready\":\(!isStopping),\"configuration\":\"\(configuration.digest)\",\"workers\":\(workers),"
            + "\"log_lines_lost\":\(logLinesLost)}"
        return isStopping ? HTTPAnswer(503, "Service Unavailable", json: json) : HTTPAnswer(200, "OK", json: json)
    }

    /// An answer the service gives before any verdict: a JSON object naming the error. `/verifyReceipt`'s own
    /// refusals keep Apple's body, with status 21005 (the server cannot answer now) for 503.
    static func error(_ code: Int, _ phrase: String, _ message: String, extraHeaders: String = "") -> HTTPAnswer {
        var answer = HTTPAnswer(
            code, phrase, json: "{\"error\":" + (JSONValue.string(message).json(pretty: false) ?? "null") + "}",
            extraHeaders: extraHeaders)
        answer.problem = message
        return answer
    }

    /// 503 before the request's route was worked on: the queue was full, or the request waited past its time
    /// limit. Apple's body for `/verifyReceipt` (status 21005: try again), an error object elsewhere.
    static func unavailable(path: String?, _ why: String) -> HTTPAnswer {
        var answer: HTTPAnswer
        if path == verifyReceiptPath {
            answer = HTTPAnswer(
                503, "Service Unavailable", json: "{\"status\":\(VerifyReceiptStatus.temporarilyUnavailable.rawValue)}",
                extraHeaders: "Retry-After: 1\r\n")
            answer.problem = why
        } else {
            answer = error(503, "Service Unavailable", why, extraHeaders: "Retry-After: 1\r\n")
        }
        return answer
    }
}
