import ReceiptKit

/// An App Store Server API failure as `api` and `verify --refresh` report it: a line on standard error (never
/// the key), and with `--json` or ndjson an error object on standard output (schema/api-error.schema.json).
struct APIErrorOutput {
    let error: AppStoreServerAPIError
    /// What the run sent with, named on a 401.
    let credentials: APIOptionTable.Credentials

    var status: ExitStatus { ExitStatus(error) }

    /// The line on standard error: the library's message, Apple's request id, and on a 401 what to check.
    var message: String {
        var text = error.message
        if let id = error.server?.requestID {
            text += " (Apple's request id \(id))"
        }
        if error.isUnauthorized {
            text +=
                ": Apple refused the token; check "
                + checks.map { "the \($0.name) \($0.value)" }.joined(separator: ", ")
        }
        return text
    }

    /// On a 401, each value the token was made of, by what it is called (the key by its file only).
    private var checks: [(name: String, key: String, value: String)] {
        [
            ("key file", "key_file", credentials.keyFile.path), ("key id", "key_id", credentials.keyID),
            ("issuer id", "issuer_id", credentials.issuerID), ("bundle id", "bundle_id", credentials.bundleID),
            ("environment", "environment", credentials.environment.rawValue),
        ]
    }

    /// The error object: every member present, null when the failure has no such value.
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "error": .string(kind), "message": .string(message), "exit_status": .integer(Int64(status.rawValue)),
            "temporary": .bool(error.isTemporary), "http_status": error.httpStatus.map { .integer(Int64($0)) } ?? .null,
            "error_code": .null, "error_message": .null,
            "request_id": error.server?.requestID.map(JSONValue.string) ?? .null,
            "retry_after": error.server?.retryAfter.map { .integer($0.components.seconds) } ?? .null,
        ]
        if case .apple(_, let code, let text) = error.kind {
            object["error_code"] = code.map(JSONValue.integer) ?? .null
            object["error_message"] = text.map(JSONValue.string) ?? .null
        }
        if error.isUnauthorized {
            object["check"] = .object(
                Dictionary(uniqueKeysWithValues: checks.map { ($0.key, JSONValue.string($0.value)) }))
        }
        return .object(object)
    }

    /// What went wrong, in one word a program switches on.
    var kind: String {
        if error.isUnauthorized { return "unauthorized" }
        if error.isNotFound { return "not_found" }
        switch error.kind {
        case .apple: return "apple"
        case .retriesExhausted: return "retries_exhausted"
        case .deadlineExceeded: return "deadline_exceeded"
        case .transport(let kind): return kind == .network ? "network" : "transport"
        case .invalidRequest: return "invalid_request"
        case .signing: return "signing"
        case .invalidResponse: return "invalid_response"
        }
    }

    /// Says the error on standard error and, in the JSON formats, prints its object on standard output.
    func report(format: BatchOptionTable.OutputFormat, to console: Console) -> ExitStatus {
        console.error(message)
        let pretty: Bool
        switch format {
        case .json: pretty = true
        case .ndjson: pretty = false
        case .text, .verifyReceipt, .html: return status
        }
        guard let text = json.json(pretty: pretty) else { return .internalError }
        console.out(text + "\n")
        return console.exitStatus(status)
    }
}
