import Foundation
import Testing

@testable import ReceiptKit

/// The client without a network: its token, its retries (no sleeping: the waits are recorded), Apple's
/// errors, and every answer verified before it is returned.
@Suite struct AppStoreServerAPIClientTests {
    typealias M = StoreKit2Material
    typealias C = ServerAPIClientMaterial

    static func claims(_ token: String) throws -> (header: [String: JSONValue], claims: [String: JSONValue]) {
        let parts = try SigningTests.parts(token)
        guard case .object(let header) = try JSONParser.parse(Array(parts.header.utf8)),
            case .object(let claims) = try JSONParser.parse(Array(parts.claims.utf8))
        else { throw AppStoreServerAPIError(.invalidResponse, "not objects") }
        return (header, claims)
    }

    /// The token Apple's libraries make: ES256 with kid and typ; bid, iss, aud, iat and exp five minutes
    /// later; signed by the key (checked with its public key through OpenSSL); no nonce.
    @Test func tokenHasApplesHeaderClaimsAndSignature() throws {
        let client = try C.client(ScriptedTransport([]))
        let token = try client.token()
        let (header, claims) = try Self.claims(token)
        #expect(header == ["alg": .string("ES256"), "kid": .string("KEY1"), "typ": .string("JWT")])
        let iat = Int64(C.issuedAt.timeIntervalSince1970)
        #expect(
            claims == [
                "bid": .string(M.bundleID), "iss": .string(C.issuer), "aud": .string("appstoreconnect-v1"),
                "iat": .integer(iat), "exp": .integer(iat + 300),
            ])
        let parts = token.split(separator: ".").map(String.init)
        let raw = try #require(Base64.decodeURL(Array(parts[2].utf8)[...]))
        let der = try #require(ES256Signature.der(fromJOSE: raw))
        let key = try SigningTests.key()
        #expect(key.verifies(derSignature: der, over: Array((parts[0] + "." + parts[1]).utf8)))
        #expect(!key.verifies(derSignature: der, over: Array((parts[0] + "." + parts[1] + "x").utf8)))
    }

    /// The library refuses a base URL the token would travel over in clear, whatever its caller checked.
    @Test func plainHTTPBaseURLIsRefused() throws {
        for base in ["http://api.example.com", "HTTP://api.example.com", "ftp://api.example.com"] {
            #expect(throws: AppStoreServerAPIError.self, "\(base)") {
                try C.client(ScriptedTransport([]), baseURL: base)
            }
        }
        #expect(throws: Never.self) {
            try C.client(ScriptedTransport([]), baseURL: "https://api.example.com")
        }
    }

    @Test func requestCarriesTokenAcceptAndTheBodysType() throws {
        let client = try C.client(ScriptedTransport([]))
        let request = try client.httpRequest(
            try .setAppAccountToken(originalTransactionID: "1", body: Array("{}".utf8)))
        #expect(request.url == "https://api.storekit.apple.com/inApps/v1/transactions/1/appAccountToken")
        #expect(request.header("authorization")?.hasPrefix("Bearer ey") == true)
        #expect(request.header("Accept") == "application/json" && request.header("Content-Type") == "application/json")
        #expect(try client.httpRequest(.getImageList()).header("Content-Type") == nil)
    }

    /// A 404 with Apple's body is Apple's error, with its code and message, after one attempt.
    @Test func appleErrorIsReportedAndNotRetried() async throws {
        let transport = ScriptedTransport([
            ScriptedTransport.json(404, #"{"errorCode":4040010,"errorMessage":"Transaction id not found."}"#)
        ])
        let error = await C.error {
            try await C.client(transport).send(try .getTransactionInfo(transactionID: "9"))
        }
        #expect(error?.kind == .apple(status: 404, errorCode: 4_040_010, errorMessage: "Transaction id not found."))
        #expect(error?.message.contains("4040010: Transaction id not found.") == true)
        #expect(transport.sent.count == 1)
    }

    @Test func serverErrorsAreRetriedWithBackoffThenSucceed() async throws {
        let body = try M.response(#"{"signedTransactionInfo":\#(M.transaction())}"#)
        let transport = ScriptedTransport([
            ScriptedTransport.json(500, "{}"), .failure(HTTPTransportError(.network, "reset")),
            .success(HTTPResponse(status: 200, headers: [:], body: body)),
        ])
        let waits = RecordedWaits()
        let response = try await C.client(transport, waits: waits).send(try .getTransactionInfo(transactionID: "1001"))
        #expect(response.attempts == 3 && transport.sent.count == 3)
        // Equal jitter at 0.5: three quarters of 0.5 s, then of 1 s.
        #expect(waits.all == [.milliseconds(375), .milliseconds(750)])
        #expect(response.verdict?.report.status == .valid)
    }

    @Test func tooManyRequestsWaitsWhatRetryAfterSays() async throws {
        let transport = ScriptedTransport([
            ScriptedTransport.json(
                429, #"{"errorCode":4290000,"errorMessage":"Rate limit exceeded."}"#, headers: ["Retry-After": "7"]),
            ScriptedTransport.json(200, #"{"testNotificationToken":"t1"}"#),
        ])
        let waits = RecordedWaits()
        let response = try await C.client(transport, waits: waits).send(.requestTestNotification())
        #expect(waits.all == [.seconds(7)])
        guard case .unsigned(let members) = response.content else {
            Issue.record("not an unsigned answer")
            return
        }
        #expect(members["testNotificationToken"] == .string("t1"))
    }

    /// Out of attempts: a temporary failure naming Apple's last answer, never a verdict.
    @Test func retriesAreBoundedInAttempts() async throws {
        let transport = ScriptedTransport(Array(repeating: ScriptedTransport.json(503, "{}"), count: 10))
        let error = await C.error {
            try await C.client(transport, retry: RetryPolicy(maximumAttempts: 3)).send(.getRealtimeURL())
        }
        #expect(error?.kind == .retriesExhausted(attempts: 3))
        #expect(error?.isTemporary == true)
        #expect(transport.sent.count == 3)
    }

    @Test func untrustedServerIsNotRetried() async throws {
        let transport = ScriptedTransport([.failure(HTTPTransportError(.untrustedServer, "self-signed"))])
        let error = await C.error {
            try await C.client(transport).send(.getRealtimeURL())
        }
        #expect(error?.kind == .transport(.untrustedServer) && transport.sent.count == 1)
    }

    /// An answer with a forged element is returned as an invalid verdict, never as data to act on.
    @Test func forgedElementMakesTheVerdictInvalid() async throws {
        let rogue = try M.jws(M.transaction(id: "1009"), try CheckMaterial.rogueECPKI.get())
        let body =
            #"{"bundleId":"\#(M.bundleID)","environment":"Production","hasMore":false,"revision":"r","signedTransactions":["\#(rogue)"]}"#
        let transport = ScriptedTransport([ScriptedTransport.json(200, body)])
        let response = try await C.client(transport).send(
            try .getTransactionHistory(transactionID: "1009", revision: "r0"))
        let verdict = try #require(response.verdict)
        #expect(verdict.report.status == .invalid && verdict.report.reason == .untrustedChain)
    }

    @Test func unsignedAnswersAreReadStrictly() async throws {
        let transport = ScriptedTransport([ScriptedTransport.json(200, #"{"token":"x"}"#)])
        let error = await C.error {
            try await C.client(transport).send(.requestTestNotification())
        }
        #expect(error?.kind == .invalidResponse)
    }

    /// Every page is read with the revision the page before gave, and verified as one response.
    @Test func historyReadsEveryPage() async throws {
        func page(_ id: String, more: Bool, revision: String) throws -> Result<HTTPResponse, HTTPTransportError> {
            let spec =
                #"{"bundleId":"\#(M.bundleID)","environment":"Production","hasMore":\#(more),"revision":"\#(revision)","signedTransactions":[\#(M.transaction(id: id))]}"#
            return .success(HTTPResponse(status: 200, headers: [:], body: try M.response(spec)))
        }
        let transport = ScriptedTransport([
            try page("1001", more: true, revision: "r1"), try page("1002", more: false, revision: "r2"),
        ])
        let response = try await C.client(transport).transactionHistory(transactionID: "1001")
        #expect(
            transport.sent.map(\.url) == [
                "https://api.storekit.apple.com/inApps/v2/history/1001",
                "https://api.storekit.apple.com/inApps/v2/history/1001?revision=r1",
            ])
        let report = try #require(response.verdict?.report)
        #expect(report.status == .valid && report.response?.elements.count == 2)
        #expect(report.response?.fields["revision"] == .string("r2"))
    }

    @Test func historyPagesMustNameOneApp() async throws {
        let first = #"{"bundleId":"\#(M.bundleID)","hasMore":true,"revision":"r1","signedTransactions":[]}"#
        let second = #"{"bundleId":"com.example.other","hasMore":false,"revision":"r2","signedTransactions":[]}"#
        let transport = ScriptedTransport([ScriptedTransport.json(200, first), ScriptedTransport.json(200, second)])
        let error = await C.error {
            try await C.client(transport).transactionHistory(transactionID: "1001")
        }
        #expect(error?.kind == .invalidResponse)
    }

    @Test func historyThatNeverEndsIsCut() async throws {
        // Each page names a new revision: only the page bound ends it.
        let transport = ScriptedTransport(
            (1...5).map { page in
                ScriptedTransport.json(
                    200, #"{"bundleId":"\#(M.bundleID)","hasMore":true,"revision":"r\#(page)","signedTransactions":[]}"#
                )
            })
        let error = await C.error {
            try await C.client(transport).transactionHistory(transactionID: "1001", maximumPages: 3)
        }
        #expect(error?.kind == .invalidResponse && transport.sent.count == 3)
    }

    /// The client decides for one app only: its validator must require the app the token names.
    @Test func validatorMustRequireTheClientsApp() throws {
        let root = try Certificate(der: try M.pki().root.certificateDER)
        let unbound = try ReceiptValidator(policy: .custom(roots: [root]))
        #expect(throws: AppStoreServerAPIError.self) {
            try AppStoreServerAPIClient(
                key: try SigningTests.key(), keyID: "K", issuerID: C.issuer, bundleID: M.bundleID,
                environment: .sandbox, validator: unbound, transport: ScriptedTransport([]))
        }
    }
}

/// The retry policy alone: a pure function of the attempt, the time spent and the random draw.
@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(
        maximumAttempts: 5, baseDelay: .seconds(1), maximumDelay: .seconds(4), maximumTotal: .seconds(20))

    @Test func backoffDoublesWithJitterUpToTheCeiling() {
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil, elapsed: .zero, random: 0) == .milliseconds(500))
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil, elapsed: .zero, random: 0.999) == .milliseconds(999.5))
        #expect(policy.delay(afterAttempt: 2, retryAfter: nil, elapsed: .zero, random: 0) == .seconds(1))
        #expect(policy.delay(afterAttempt: 4, retryAfter: nil, elapsed: .zero, random: 1) == .seconds(4))
    }

    @Test func attemptsAndTotalTimeAreBounded() {
        #expect(policy.delay(afterAttempt: 5, retryAfter: nil, elapsed: .zero, random: 0) == nil)
        #expect(policy.delay(afterAttempt: 4, retryAfter: nil, elapsed: .zero, random: 0) != nil)
        #expect(policy.delay(afterAttempt: 2, retryAfter: nil, elapsed: .milliseconds(19_500), random: 0) == nil)
        #expect(RetryPolicy.never.delay(afterAttempt: 1, retryAfter: nil, elapsed: .zero, random: 0) == nil)
    }

    @Test func retryAfterIsWaitedInFullOrNotAtAll() {
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(9), elapsed: .zero, random: 0) == .seconds(9))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(30), elapsed: .zero, random: 0) == nil)
        #expect(RetryPolicy.retryAfter("7") == .seconds(7))
        #expect(RetryPolicy.retryAfter("Wed, 21 Oct 2026 07:28:00 GMT") == nil)
        #expect(RetryPolicy.retryAfter("-1") == nil && RetryPolicy.retryAfter("") == nil)
    }
}

/// Apple's error body, read strictly.
@Suite struct AppleErrorBodyTests {
    @Test func codeAndMessageAreRead() {
        let body = AppleErrorBody(Array(#"{"errorCode":4040010,"errorMessage":"Transaction id not found."}"#.utf8))
        #expect(body == AppleErrorBody(errorCode: 4_040_010, errorMessage: "Transaction id not found."))
    }

    @Test func anythingElseIsNoAppleError() {
        for text in [
            "", "<html>Bad gateway</html>", #"{"errorCode":"4040010","errorMessage":"x"}"#, #"{"errorCode":1}"#, "[]",
        ] {
            #expect(AppleErrorBody(Array(text.utf8)) == nil, "\(text)")
        }
        let error = AppleErrorBody.error(
            HTTPResponse(status: 502, headers: [:], body: Array("<html>".utf8)), operation: .getRealtimeURL)
        #expect(error.kind == .apple(status: 502, errorCode: nil, errorMessage: nil))
        #expect(error.server == ServerAnswer(status: 502))
    }

    /// Apple's request id comes from its header, else from the line of its plain-text 401 body; an id that
    /// is not a short token of letters, digits, dots, dashes and underscores is not shown.
    @Test func theRequestIDIsReadFromTheHeaderOrThe401Body() {
        func id(_ headers: [String: String], _ body: String) -> String? {
            AppleErrorBody.requestID(HTTPResponse(status: 401, headers: headers, body: Array(body.utf8)))
        }
        #expect(id(["X-Apple-Request-UUID": " 7dce3b6d-4554-1809 "], "") == "7dce3b6d-4554-1809")
        #expect(id([:], "Unauthenticated\n\nRequest ID: ABCDEF0123.0.0\n") == "ABCDEF0123.0.0")
        #expect(id([:], "Unauthenticated\n") == nil)
        #expect(id(["x-apple-request-uuid": "a\u{1b}[31m"], "") == nil)
        #expect(id(["x-apple-request-uuid": String(repeating: "a", count: 101)], "") == nil)
    }

    /// A 429's Retry-After is kept with the error; a 401 and a 404 are told apart from other refusals.
    @Test func theErrorSaysWhatAProgramActsOn() {
        let limited = AppleErrorBody.error(
            HTTPResponse(status: 429, headers: ["Retry-After": "7"], body: []), operation: .getRealtimeURL)
        #expect(limited.server?.retryAfter == .seconds(7))
        let unauthorized = AppleErrorBody.error(
            HTTPResponse(status: 401, headers: [:], body: []), operation: .getRealtimeURL)
        #expect(unauthorized.isUnauthorized && !unauthorized.isNotFound)
        let notFound = AppleErrorBody.error(
            HTTPResponse(
                status: 404, headers: [:], body: Array(#"{"errorCode":4040010,"errorMessage":"x"}"#.utf8)),
            operation: .getTransactionInfo)
        #expect(notFound.isNotFound && !notFound.isUnauthorized)
        let accountNotFound = AppleErrorBody.error(
            HTTPResponse(
                status: 400, headers: [:], body: Array(#"{"errorCode":4040001,"errorMessage":"x"}"#.utf8)),
            operation: .getTransactionInfo)
        #expect(accountNotFound.isNotFound)
        let badRequest = AppleErrorBody.error(
            HTTPResponse(
                status: 400, headers: [:], body: Array(#"{"errorCode":4000006,"errorMessage":"x"}"#.utf8)),
            operation: .getTransactionInfo)
        #expect(!badRequest.isNotFound && !badRequest.isUnauthorized)
    }
}
