import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Apple's verifyReceipt exchange over HTTP, for `verify --cgi` and `serve`: 200 with Apple's status in the
/// body, as Apple sends it; 405 for a method other than POST, 413 for a body over the limit, both unread.
enum VerifyReceiptExchange {
    /// `readBody(count)`: at most `count` bytes of the request's body, fewer when it ends first.
    static func answer(
        method: String?, contentLength: String?, limit: Int, validator: ReceiptValidator,
        readBody: (Int) -> [UInt8]
    ) -> HTTPAnswer {
        guard method == "POST" else {
            return status(405, "Method Not Allowed", .unreadableRequest, extraHeaders: "Allow: POST\r\n")
        }
        let body: [UInt8]
        switch RequestBody.read(contentLength: contentLength, limit: limit, readBody: readBody) {
        case .success(let read):
            body = read
        case .failure(let refused):
            return status(413, "Payload Too Large", .unreadableRequest, problem: refused.problem)
        }
        guard VerifyReceiptRequest.isBody(body) else {
            return status(200, "OK", .unreadableRequest, problem: "the request body is not a JSON object")
        }
        let report = validator.validate(body, input: "request")
        let response = VerifyReceiptResponse(for: body, report: report, requestDate: Date())
        var answer = HTTPAnswer(200, "OK", json: response.bytes)
        // Why an answer is not 0: the web server's error log (CGI) or the access log (the service).
        if let problem = response.problem ?? response.notReceiptData ?? report.message {
            answer.problem = "status \(response.status.rawValue): \(problem)"
        }
        answer.reason = report.reason?.rawValue
        return answer
    }

    private static func status(
        _ code: Int, _ phrase: String, _ status: VerifyReceiptStatus, extraHeaders: String = "", problem: String? = nil
    ) -> HTTPAnswer {
        var answer = HTTPAnswer(code, phrase, json: "{\"status\":\(status.rawValue)}", extraHeaders: extraHeaders)
        answer.problem = problem
        return answer
    }
}
