#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A client of the App Store Server API: Apple's operations, each answer verified offline by the client's
/// ``ReceiptValidator`` before it is returned, exactly as `verify` verifies the same body.
///
/// A 429, a 5xx or a network failure is retried as its ``Connection`` allows; any other error status is
/// Apple's ``AppStoreServerAPIError``. One deadline bounds a whole operation, every page and wait included.
public struct AppStoreServerAPIClient: Sendable {
    /// Which of Apple's servers the client calls, and which environment its answers must name.
    public enum Environment: String, Sendable, CaseIterable {
        /// The App Store's own server, or the sandbox's.
        case production, sandbox

        /// Apple's host for it.
        public var baseURL: String {
            switch self {
            case .production: "https://api.storekit.apple.com"
            case .sandbox: "https://api.storekit-sandbox.apple.com"
            }
        }
    }

    /// How long a token lives: Apple's libraries make it five minutes.
    static let tokenLifetime: TimeInterval = 300

    private let signer: JWSRequestSigner
    /// The environment the requests go to and the answers must name.
    public let environment: Environment
    /// `https://` and the host the requests go to: Apple's for ``environment`` unless another was given.
    public let baseURL: String
    /// Verifies every answer before it is returned.
    public let validator: ReceiptValidator
    private let transport: any HTTPTransport
    /// How often and how long a 429, 5xx or network failure is tried again.
    package let retryPolicy: RetryPolicy
    /// How long one operation may take in all, unless its caller names a deadline.
    public let operationTimeout: Duration
    /// Waits between attempts and the time, replaced by tests so that nothing sleeps.
    private let wait: @Sendable (Duration) async -> Void
    private let now: @Sendable () -> ContinuousClock.Instant
    private let random: @Sendable () -> Double
    private let date: @Sendable () -> Date

    /// A client that signs its requests with `key` and verifies every answer with `validator`.
    ///
    /// - Parameters:
    ///   - key: the In-App Purchase key from App Store Connect (the `.p8` file).
    ///   - keyID: the key's identifier.
    ///   - issuerID: the team's issuer id (a UUID).
    ///   - bundleID: the app the requests are for (the token's `bid`).
    ///   - environment: which of Apple's hosts, and what the answers must say.
    ///   - baseURL: `https://` and a host (a proxy, a test server); Apple's host for `environment` when nil.
    ///   - validator: verifies every response; it must require `bundleID` (and the environment, if it names one).
    ///   - connection: the timeouts, trusted CAs and libcurl of the connection, and the attempts a request gets.
    ///   - transport: the server's own HTTP client; nil: libcurl, opened when the first request is sent.
    ///   - operationTimeout: how long one operation (a history's every page included) may take in all.
    public init(
        key: SigningKey, keyID: String, issuerID: String, bundleID: String, environment: Environment,
        baseURL: String? = nil, validator: ReceiptValidator, connection: Connection = Connection(),
        transport: (any HTTPTransport)? = nil, operationTimeout: Duration = defaultOperationTimeout
    ) throws(AppStoreServerAPIError) {
        try self.init(
            key: key, keyID: keyID, issuerID: issuerID, bundleID: bundleID, environment: environment,
            baseURL: baseURL, validator: validator, transport: transport ?? connection.transport,
            retryPolicy: connection.retryPolicy,
            operationTimeout: operationTimeout,
            wait: { duration in try? await Task.sleep(for: duration) }, now: { ContinuousClock.now },
            random: { Double.random(in: 0..<1) }, date: { Date() })
    }

    package init(
        key: SigningKey, keyID: String, issuerID: String, bundleID: String, environment: Environment,
        baseURL: String?, validator: ReceiptValidator, transport: any HTTPTransport, retryPolicy: RetryPolicy,
        operationTimeout: Duration = defaultOperationTimeout,
        wait: @escaping @Sendable (Duration) async -> Void, now: @escaping @Sendable () -> ContinuousClock.Instant,
        random: @escaping @Sendable () -> Double, date: @escaping @Sendable () -> Date
    ) throws(AppStoreServerAPIError) {
        do throws(SigningError) {
            signer = try JWSRequestSigner(
                audience: "appstoreconnect-v1", key: key, keyID: keyID, issuerID: issuerID, bundleID: bundleID)
        } catch {
            throw AppStoreServerAPIError(.invalidRequest, error.message)
        }
        guard validator.options.bundleID == bundleID else {
            throw AppStoreServerAPIError(
                .invalidRequest,
                "the validator must require the bundle id \(bundleID) the requests are for, so that nothing is "
                    + "decided for another app")
        }
        if let expected = validator.options.environment, expected.rawValue != environment.rawValue {
            throw AppStoreServerAPIError(
                .invalidRequest,
                "the validator requires the \(expected.rawValue) environment, the requests go to \(environment.rawValue)"
            )
        }
        let base = baseURL ?? environment.baseURL
        guard base.lowercased().hasPrefix("https://"), base.utf8.count > 8,
            !base.utf8.contains(where: { $0 <= 32 || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
        else {
            throw AppStoreServerAPIError(
                .invalidRequest,
                "the base URL \(base) is not https://HOST[:PORT][/PATH] (the token must not travel in clear)")
        }
        self.baseURL = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.environment = environment
        self.validator = validator
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.operationTimeout = operationTimeout
        self.wait = wait
        self.now = now
        self.random = random
        self.date = date
    }

    /// Five minutes: a history of 500 pages at a second each fits, a server that drags every page out does not.
    public static let defaultOperationTimeout: Duration = .seconds(300)

    /// The deadline of an operation started now, to pass to each call of one operation.
    public func deadline() -> ContinuousClock.Instant {
        now() + operationTimeout
    }

    /// The bearer token of one request.
    package func token() throws(AppStoreServerAPIError) -> String {
        let issued = date()
        do throws(SigningError) {
            return try signer.token(issuedAt: issued, expiresAt: issued.addingTimeInterval(Self.tokenLifetime))
        } catch {
            throw AppStoreServerAPIError(.signing, "the request token could not be signed: \(error.message)")
        }
    }

    /// The HTTP request for `request`, with a fresh token.
    package func httpRequest(_ request: AppStoreServerAPIRequest) throws(AppStoreServerAPIError) -> HTTPRequest {
        var headers: [(name: String, value: String)] = [
            ("User-Agent", "receipt-check"), ("Authorization", "Bearer " + (try token())),
            ("Accept", "application/json"),
        ]
        if let type = request.contentType {
            headers.append(("Content-Type", type))
        }
        return HTTPRequest(
            method: request.method, url: baseURL + request.pathAndQuery, headers: headers, body: request.body)
    }

    /// Sends `request` (retrying until `deadline`, ``operationTimeout`` from now when nil) and verifies the
    /// answer and that it is for the request; `rules` decide on it as they would on the body given to `verify`.
    public func send(
        _ request: AppStoreServerAPIRequest, rules: RuleConfiguration? = nil, deadline: ContinuousClock.Instant? = nil
    ) async throws(AppStoreServerAPIError) -> AppStoreServerAPIResponse {
        let (response, attempts) = try await exchange(request, deadline: deadline ?? self.deadline())
        return try verified(
            request.operation, status: response.status, body: response.body, attempts: attempts, rules: rules,
            binding: request.expectedAnswer)
    }

    /// The response to `request` with a 2xx status and the attempts it took; each attempt gets only the time left.
    func exchange(_ request: AppStoreServerAPIRequest, deadline: ContinuousClock.Instant)
        async throws(AppStoreServerAPIError) -> (HTTPResponse, Int)
    {
        let started = now()
        var attempt = 0
        while true {
            attempt += 1
            let retryAfter: Duration?
            let failure: AppStoreServerAPIError
            let left = try timeLeft(until: deadline, request.operation)
            var sent = try httpRequest(request)
            sent.timeout = left
            switch await result(of: sent) {
            case .success(let response):
                switch response.status {
                case 200..<300:
                    return (response, attempt)
                case 429, 500..<600:
                    failure = AppleErrorBody.error(response, operation: request.operation)
                    retryAfter = failure.server?.retryAfter
                default:
                    // Any other status is Apple's answer to this request: sending it again gets the same.
                    throw AppleErrorBody.error(response, operation: request.operation)
                }
            case .failure(let error):
                let described = AppStoreServerAPIError(
                    .transport(error.kind), "\(request.operation.rawValue): \(error.message)")
                guard error.isTransient else { throw described }
                retryAfter = nil
                failure = described
            }
            _ = try timeLeft(until: deadline, request.operation, after: failure)
            guard
                let delay = retryPolicy.delay(
                    afterAttempt: attempt, retryAfter: retryAfter, elapsed: started.duration(to: now()),
                    random: random())
            else {
                throw AppStoreServerAPIError(
                    .retriesExhausted(attempts: attempt),
                    "\(failure.message) (gave up after \(attempt) attempt\(attempt == 1 ? "" : "s"))",
                    server: failure.server)
            }
            // A wait that ends past the deadline is given up at once, as a Retry-After past the policy's total is.
            _ = try timeLeft(until: deadline, request.operation, after: failure, waiting: delay)
            await wait(delay)
        }
    }

    /// The time left before `deadline` once `waiting` more has passed; thrown when none is.
    private func timeLeft(
        until deadline: ContinuousClock.Instant, _ operation: AppStoreServerAPIOperation,
        after failure: AppStoreServerAPIError? = nil, waiting: Duration = .zero
    ) throws(AppStoreServerAPIError) -> Duration {
        let left = now().duration(to: deadline) - waiting
        guard left > .zero else {
            let last = failure.map { " (last: \($0.message))" } ?? ""
            throw AppStoreServerAPIError(
                .deadlineExceeded,
                "\(operation.rawValue): the operation's deadline passed, \(operationTimeout) after it started\(last)",
                server: failure?.server)
        }
        return left
    }

    private func result(of request: HTTPRequest) async -> Result<HTTPResponse, HTTPTransportError> {
        do throws(HTTPTransportError) {
            return .success(try await transport.send(request))
        } catch {
            return .failure(error)
        }
    }

    /// A 2xx body as the operation returns it: signed elements verified, anything else parsed strictly.
    func verified(
        _ operation: AppStoreServerAPIOperation, status: Int, body: [UInt8], attempts: Int, rules: RuleConfiguration?,
        binding: ExpectedAnswer?
    ) throws(AppStoreServerAPIError) -> AppStoreServerAPIResponse {
        let content: AppStoreServerAPIResponse.Content
        switch operation.responseShape {
        case .signed where operation.isAdvancedCommerce:
            content = decided(
                AdvancedCommerceAnswer.report(body, operation, context: validator.context), rules: rules,
                binding: binding)
        case .signed:
            content = decided(validator.validate(body, input: operation.rawValue), rules: rules, binding: binding)
        case .unsigned(let required):
            content = .unsigned(try UnsignedResponse.members(body, required: required, operation: operation))
        case .empty:
            content =
                body.isEmpty
                ? .empty : .unsigned(try UnsignedResponse.members(body, required: [:], operation: operation))
        }
        return AppStoreServerAPIResponse(
            operation: operation, status: status, body: body, content: content, attempts: attempts)
    }

    /// The verdict on a verified answer's `report`, held to the question first (`binding`).
    func decided(_ report: ValidationReport, rules: RuleConfiguration?, binding: ExpectedAnswer?)
        -> AppStoreServerAPIResponse.Content
    {
        var report = report
        // Before the rules: an answer to another question decides nothing.
        binding?.check(&report)
        return .verified(validator.verdict(deciding: report, rules: rules))
    }
}
