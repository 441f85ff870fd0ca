/// A request's body read within `--max-size`, for every route that takes one: one reading of the declared
/// length and one limit.
enum RequestBody {
    /// Why a body is refused (413): said in the route's answer and its log.
    struct TooLarge: Error {
        let problem: String
    }

    /// The body, or `TooLarge` when the declared length or the bytes read pass `limit` (a chunked body is read one
    /// byte past it at most). `readBody(count)` gives at most `count` bytes.
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
