/// One HTTP answer as a CGI program or a FastCGI responder writes it: a `Status` header, the JSON body's
/// type and length, any other headers, and the body. What the log says beside it travels with it.
struct HTTPAnswer: Sendable, Equatable {
    let code: Int
    let phrase: String
    /// Further header lines, each ending in CRLF.
    var extraHeaders = ""
    /// The body, ending in a newline.
    let body: String
    /// Why the answer is not a plain success, for standard error (the CGI path) or the access log.
    var problem: String?
    /// The verdict's reason code, for the access log.
    var reason: String?

    /// A JSON answer: `json` and a newline.
    init(_ code: Int, _ phrase: String, json: String, extraHeaders: String = "") {
        self.code = code
        self.phrase = phrase
        self.extraHeaders = extraHeaders
        self.body = json + "\n"
    }

    /// The answer as a CGI program prints it, and as a FastCGI responder writes it to its output stream.
    var text: String {
        "Status: \(code) \(phrase)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + extraHeaders + "\r\n" + body
    }
}
