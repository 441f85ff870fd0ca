/// Apple's error body, `{"errorCode": 4040010, "errorMessage": "Transaction id not found."}`, read
/// strictly: both members of their types or neither is believed; anything else in the body is ignored.
struct AppleErrorBody: Equatable {
    let errorCode: Int64
    let errorMessage: String

    /// Small: Apple's error bodies are a hundred bytes.
    private static let limits = JSONParser.Limits(maximumDepth: 4, maximumValues: 64)

    init(errorCode: Int64, errorMessage: String) {
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }

    /// The body's code and message, nil when `body` is not Apple's error JSON (an HTML page of a proxy,
    /// an empty body, a message without a code).
    init?(_ body: [UInt8]) {
        guard body.count <= 64 << 10, case .object(let members)? = try? JSONParser.parse(body, limits: Self.limits),
            case .integer(let code)? = members["errorCode"], case .string(let message)? = members["errorMessage"]
        else { return nil }
        errorCode = code
        errorMessage = message
    }

    /// The error of `status` with `body`, for `operation`.
    static func error(status: Int, body: [UInt8], operation: AppStoreServerAPIOperation) -> AppStoreServerAPIError {
        guard let parsed = AppleErrorBody(body) else {
            return AppStoreServerAPIError(
                .apple(status: status, errorCode: nil, errorMessage: nil),
                "\(operation.rawValue): HTTP \(status) with no App Store error body")
        }
        return AppStoreServerAPIError(
            .apple(status: status, errorCode: parsed.errorCode, errorMessage: parsed.errorMessage),
            "\(operation.rawValue): HTTP \(status), App Store error \(parsed.errorCode): \(parsed.errorMessage.prefix(300))"
        )
    }
}
