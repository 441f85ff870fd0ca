/// Why an App Store Server API call returned no verified answer: never a decision about the customer.
public typealias AppStoreServerAPIError = KindedError<AppStoreServerAPIClient.Failure>

extension AppStoreServerAPIClient {
    /// Apple's error status, retries run out, the transport, or a bad request, key or response.
    public enum Failure: Sendable, Equatable {
        /// Apple answered with an error status (4xx other than 429; the last 429 or 5xx is `.retriesExhausted`).
        case apple(status: Int, errorCode: Int64?, errorMessage: String?)
        /// Every attempt failed with a 429, a 5xx or a network failure, within the connection's attempts.
        case retriesExhausted(attempts: Int)
        /// The whole operation (every page, attempt and wait) ran past its deadline.
        case deadlineExceeded
        /// No request could be sent: the HTTP library, the TLS trust, a response over the size limit.
        case transport(HTTPRequest.Failure)
        /// A value of the request is wrong (an empty identifier, a body that is not a JSON object).
        case invalidRequest
        /// The token could not be signed with the key.
        case signing
        /// A successful response whose body is not what the operation returns.
        case invalidResponse
    }
}

extension KindedError where Kind == AppStoreServerAPIClient.Failure {
    /// Whether a later try may succeed: the answer is unknown, not refused.
    public var isTemporary: Bool {
        switch kind {
        case .retriesExhausted, .deadlineExceeded: true
        case .transport(let kind): kind == .network
        default: false
        }
    }
}

extension KindedError where Kind == AppStoreServerAPIClient.Failure {
    /// Apple's HTTP status, when Apple answered (the last answer, when retries ran out).
    public var httpStatus: Int? {
        if case .apple(let status, _, _) = kind { return status }
        return server?.status
    }

    /// Whether Apple refused the token (HTTP 401): wrong credentials or a revoked key; a retry gets the same.
    public var isUnauthorized: Bool { httpStatus == 401 }

    /// Whether Apple does not know what was asked for: HTTP 404, or a not-found code (4040001 to 4049999).
    public var isNotFound: Bool {
        if case .apple(let status, let code, _) = kind {
            return status == 404 || (code.map { (4_040_000..<4_050_000).contains($0) } ?? false)
        }
        return false
    }

    /// `TransactionIdNotFoundError` and `OriginalTransactionIdNotFoundError`: Apple says to ask the other environment.
    public static let notInThisEnvironmentCodes: Set<Int64> = [4_040_010, 4_040_005]

    /// Whether the environment asked does not know the transaction: a 404 with one of ``notInThisEnvironmentCodes``.
    public var isNotInThisEnvironment: Bool {
        guard case .apple(status: 404, errorCode: let code?, _) = kind else { return false }
        return Self.notInThisEnvironmentCodes.contains(code)
    }
}
