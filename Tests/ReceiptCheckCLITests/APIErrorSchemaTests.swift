import Foundation
import ReceiptKit
import Testing

@testable import ReceiptCheckCLI

/// schema/api-error.schema.json describes the error object `api --json` and `verify --refresh --json` print
/// when a request fails: a 401 (with what to check), a 404, retries run out after a 429, a TLS failure.
@Suite struct APIErrorSchemaTests {
    static var credentials: APIOptionTable.Credentials {
        get throws {
            APIOptionTable.Credentials(
                keyFile: try #require(InputPath(given: "/keys/SubscriptionKey_ABCDEFGHIJ.p8")), keyID: "ABCDEFGHIJ",
                issuerID: "57246542-96fe-1a63-e053-0824d011072a", bundleID: "com.example.app", environment: .sandbox)
        }
    }

    static let errors: [AppStoreServerAPIError] = [
        AppStoreServerAPIError(
            .apple(status: 401, errorCode: nil, errorMessage: nil), "get-transaction-info: HTTP 401",
            server: ServerAnswer(status: 401, requestID: "7dce3b6d-4554-1809-e3f4-fa753291142a")),
        AppStoreServerAPIError(
            .apple(status: 404, errorCode: 4_040_010, errorMessage: "Transaction id not found."), "HTTP 404",
            server: ServerAnswer(status: 404, requestID: "A1.0.0")),
        AppStoreServerAPIError(
            .retriesExhausted(attempts: 4), "HTTP 429 (gave up after 4 attempts)",
            server: ServerAnswer(status: 429, retryAfter: .seconds(30))),
        AppStoreServerAPIError(.transport(.untrustedServer), "the server is not trusted"),
        AppStoreServerAPIError(.invalidResponse, "not JSON"),
    ]

    @Test func errorObjectsMatchTheSchema() throws {
        guard let python = ReportSchemaTests.python() else { return }
        let scratch = try ScratchDirectory()
        var files: [String] = []
        for (index, error) in Self.errors.enumerated() {
            let object = APIErrorOutput(error: error, credentials: try Self.credentials).json
            files.append(try scratch.write("\(index).json", Array(try #require(object.json(pretty: false)).utf8)))
        }
        let schema = CLI.packageRoot.appendingPathComponent("schema/api-error.schema.json").path
        let script = CLI.packageRoot.appendingPathComponent("Scripts/validate-reports.py").path
        let result = try CLI.run(URL(fileURLWithPath: python), [script, schema] + files, stdin: nil)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("validate-reports: 5 reports, 0 problems"), "\(result.stdout)")
    }

    /// Each failure's exit status and word; the 401 alone names what to check, and never a key's contents.
    @Test func eachFailureHasItsStatusAndWord() throws {
        let credentials = try Self.credentials
        let outputs = Self.errors.map { APIErrorOutput(error: $0, credentials: credentials) }
        #expect(outputs.map(\.status) == [.badCredentials, .notFound, .temporaryFailure, .unavailable, .malformed])
        #expect(
            outputs.map(\.kind) == ["unauthorized", "not_found", "retries_exhausted", "transport", "invalid_response"])
        #expect(
            outputs[0].message
                == "get-transaction-info: HTTP 401 (Apple's request id 7dce3b6d-4554-1809-e3f4-fa753291142a): Apple "
                + "refused the token; check the key file /keys/SubscriptionKey_ABCDEFGHIJ.p8, the key id ABCDEFGHIJ, "
                + "the issuer id 57246542-96fe-1a63-e053-0824d011072a, the bundle id com.example.app, the environment "
                + "sandbox")
        #expect(!outputs[1].message.contains("check"))
        guard case .object(let limited) = outputs[2].json else { return }
        #expect(limited["retry_after"] == .integer(30))
        #expect(limited["temporary"] == .bool(true))
    }
}
