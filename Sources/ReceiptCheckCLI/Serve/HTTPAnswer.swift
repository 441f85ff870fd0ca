/// One HTTP answer as a CGI program or a FastCGI responder writes it: a `Status` header, the JSON body's
/// type and length, any other headers, and the body. What the log says beside it travels with it.
struct HTTPAnswer: Sendable, Equatable {
    let code: Int
    let phrase: String
    /// Further header lines, each ending in CRLF.
    var extraHeaders = ""
    /// The JSON body's bytes, without the newline the answer ends in (a verifyReceipt body is made as bytes).
    private let json: [UInt8]
    /// Why the answer is not a plain success, for standard error (the CGI path) or the access log.
    var problem: String?
    /// The verdict's reason code, for the access log.
    var reason: String?

    init(_ code: Int, _ phrase: String, json: String, extraHeaders: String = "") {
        self.init(code, phrase, json: Array(json.utf8), extraHeaders: extraHeaders)
    }

    init(_ code: Int, _ phrase: String, json: [UInt8], extraHeaders: String = "") {
        (self.code, self.phrase, self.extraHeaders, self.json) = (code, phrase, extraHeaders, json)
    }

    var body: String { String(decoding: json, as: UTF8.self) + "\n" }

    /// The answer as a CGI program prints it, and as a FastCGI responder writes it to its output stream.
    var bytes: [UInt8] {
        let length = json.count + 1
        let head = "Status: \(code) \(phrase)\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n"
        var bytes = Array("\(head)\(extraHeaders)\r\n".utf8)
        bytes.reserveCapacity(bytes.count + json.count + 1)
        bytes += json
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
