/// A request's body read within `--max-size`, for every route that takes one (`verify --cgi` and the service's
/// `POST /verifyReceipt` and `POST /verify`): one reading of the declared length and one limit, whatever
/// each route answers a refusal with.
enum RequestBody {
    /// Why a body is refused (413): said in the route's answer and its log.
    struct TooLarge: Error {
        let problem: String
    }

    /// The body, or `TooLarge` without reading it when its declared length is over `limit`, or when it is
    /// read past `limit`. Without a declared length (a chunked request) it is read to its end, one byte past
    /// the limit at most. `readBody(count)`: at most `count` bytes, fewer when the body ends first.
    static func read(contentLength: String?, limit: Int, readBody: (Int) -> [UInt8]) -> Result<[UInt8], TooLarge> {
        let declared = contentLength.flatMap { Int($0) }
        if let declared, declared > limit {
            return .failure(TooLarge(problem: "a request body of \(declared) bytes, over --max-size \(limit)"))
        }
        let body = readBody(max(0, declared ?? limit + 1))
        guard body.count <= limit else {
            return .failure(TooLarge(problem: "a request body over --max-size \(limit)"))
        }
        return .success(body)
    }
}
