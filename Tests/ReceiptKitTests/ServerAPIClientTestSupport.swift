import Foundation
import Synchronization

@testable import ReceiptKit

/// The client's transport in these tests: answers from a script, in order, and keeps every request sent,
/// so the retry loop, the token and the verification of answers are tested without a network (the
/// client against a real HTTPS server is `make test-api`'s).
final class ScriptedTransport: HTTPTransport {
    private let state: Mutex<(script: [Result<HTTPResponse, HTTPTransportError>], sent: [HTTPRequest])>

    init(_ script: [Result<HTTPResponse, HTTPTransportError>]) {
        state = Mutex((script, []))
    }

    var sent: [HTTPRequest] { state.withLock { $0.sent } }

    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        let next = state.withLock { state -> Result<HTTPResponse, HTTPTransportError> in
            state.sent.append(request)
            guard !state.script.isEmpty else {
                return .failure(HTTPTransportError(.invalidRequest, "the script has no answer left"))
            }
            return state.script.removeFirst()
        }
        return try next.get()
    }

    static func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Result<
        HTTPResponse, HTTPTransportError
    > {
        .success(
            HTTPResponse(
                status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a },
                body: Array(body.utf8)))
    }
}

/// A fixed clock and the waits the client asked for, instead of sleeping.
final class RecordedWaits: Sendable {
    private let waits = Mutex<[Duration]>([])
    let start = ContinuousClock.now

    var all: [Duration] { waits.withLock { $0 } }

    func record(_ duration: Duration) {
        waits.withLock { $0.append(duration) }
    }

    /// The time the client sees: the start plus every wait so far.
    func now() -> ContinuousClock.Instant {
        start + waits.withLock { $0.reduce(.zero, +) }
    }
}

enum ServerAPIClientMaterial {
    static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
    static let issuedAt = Date(timeIntervalSince1970: 1_800_000_000)

    static func client(
        _ transport: ScriptedTransport, waits: RecordedWaits = RecordedWaits(), retry: RetryPolicy = RetryPolicy(),
        bundleID: String = StoreKit2Material.bundleID,
        operationTimeout: Duration = AppStoreServerAPIClient.defaultOperationTimeout, baseURL: String? = nil
    ) throws -> AppStoreServerAPIClient {
        var options = ValidationOptions()
        options.bundleID = bundleID
        let root = try Certificate(der: try StoreKit2Material.pki().root.certificateDER)
        let validator = try ReceiptValidator(policy: .custom(roots: [root]), options: options)
        return try AppStoreServerAPIClient(
            key: try SigningTests.key(), keyID: "KEY1", issuerID: issuer, bundleID: bundleID, environment: .production,
            baseURL: baseURL, validator: validator, transport: transport, retryPolicy: retry,
            operationTimeout: operationTimeout, wait: { waits.record($0) }, now: { waits.now() }, random: { 0.5 },
            date: { issuedAt })
    }

    /// Runs `work` and returns its error, or nil when it succeeded.
    static func error(_ work: () async throws -> AppStoreServerAPIResponse) async -> AppStoreServerAPIError? {
        do {
            _ = try await work()
            return nil
        } catch let error as AppStoreServerAPIError {
            return error
        } catch {
            return AppStoreServerAPIError(.invalidRequest, "not the client's error: \(error)")
        }
    }
}
