import Foundation
import Testing

/// Apple's refusals as a program reads them: refused credentials exit 77 and name what to check, an id
/// Apple does not know 67, a server not reached safely 69; with `--json` each prints an error object
/// (schema/api-error.schema.json) with Apple's request id, and never a decision.
extension AppStoreAPIScenarioTests {
    @Test func aWrongKeyIs77AndNamesTheCredentialsToCheck() async throws {
        let mock = try MockAppStoreAPI.require()
        // A path of its own: the suite's tests share the mock and count their requests by path.
        let id = "1000000000000041"
        let path = "/inApps/v1/transactions/\(id)"
        let result = try await mock.api("get-transaction-info", [id, "--json"], key: mock.wrongKey)
        #expect(result.status == 77, "\(result.stdout)\(result.stderr)")
        let sent = try #require(try mock.records(path: path).last?["requestId"] as? String)
        let error = try #require(result.json, "no error object: \(result.stdout)")
        #expect(error["error"] as? String == "unauthorized")
        #expect(error["http_status"] as? Int == 401)
        #expect(error["exit_status"] as? Int == 77)
        #expect(error["temporary"] as? Bool == false)
        #expect(error["request_id"] as? String == sent, "\(result.stdout)")
        #expect(error["error_code"] is NSNull && error["retry_after"] is NSNull, "\(result.stdout)")
        let check = try #require(error["check"] as? [String: String], "\(result.stdout)")
        #expect(
            check == [
                "key_file": mock.wrongKey, "key_id": MockAppStoreAPI.keyID, "issuer_id": MockAppStoreAPI.issuerID,
                "bundle_id": MockAppStoreAPI.bundleID, "environment": "production",
            ])
        for named in [mock.wrongKey, MockAppStoreAPI.keyID, MockAppStoreAPI.issuerID, MockAppStoreAPI.bundleID, sent] {
            #expect(result.stderr.contains(named), "the message does not name \(named): \(result.stderr)")
        }
    }

    @Test func anUnknownTransactionIs67WithApplesError() async throws {
        let mock = try MockAppStoreAPI.require()
        let result = try await mock.api("get-all-subscription-statuses", [Scenario.notFound, "--format", "ndjson"])
        #expect(result.status == 67, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 1, "ndjson is one line: \(result.stdout)")
        let error = try #require(result.json, "no error object: \(result.stdout)")
        #expect(error["error"] as? String == "not_found")
        #expect(error["http_status"] as? Int == 404)
        #expect(error["error_code"] as? Int == 4_040_010)
        #expect(error["error_message"] as? String == "Transaction id not found.")
        #expect(error["check"] == nil)
        #expect((error["request_id"] as? String)?.isEmpty == false)
        // Without --json, standard output carries nothing.
        let text = try await mock.api("get-all-subscription-statuses", [Scenario.notFound])
        #expect(text.status == 67 && text.stdout.isEmpty, "\(text.stdout)\(text.stderr)")
    }

    @Test func aServerNotTrustedIs69() async throws {
        let mock = try MockAppStoreAPI.require()
        // The receipt PKI's root is a CA, but not the server's.
        var arguments = mock.credentials()
        arguments[try #require(arguments.firstIndex(of: mock.caFile))] = mock.pkiRoot
        let all = ["api", "get-app-transaction-info"] + arguments + [Scenario.customer, "--json"]
        let result = try await MockAppStoreAPI.offPool { try CLI.run(all, timeout: 60) }
        #expect(result.status == 69, "\(result.stdout)\(result.stderr)")
        let error = try #require(result.json, "no error object: \(result.stdout)")
        #expect(error["error"] as? String == "transport")
        #expect(error["http_status"] is NSNull && error["request_id"] is NSNull)
    }

    @Test func retriesRunOutWithTheTemporaryErrorObject() async throws {
        let mock = try MockAppStoreAPI.require()
        let result = try await mock.api(
            "get-transaction-history", [Scenario.failsAlways, "--retries", "0", "--json"])
        #expect(result.status == 75, "\(result.stdout)\(result.stderr)")
        let error = try #require(result.json, "no error object: \(result.stdout)")
        #expect(error["error"] as? String == "retries_exhausted")
        #expect(error["temporary"] as? Bool == true)
        #expect(error["http_status"] as? Int == 500)
        #expect(error["error_code"] is NSNull, "the code of an answer given up on is in the message only")
    }

    @Test func aRefreshRefusedIs77WithTheErrorObject() async throws {
        let mock = try MockAppStoreAPI.require()
        let stale = try Self.signedTransaction(mock, id: "1000000000000031", signedDaysAgo: 10)
        let arguments =
            ["verify", "--refresh", "--json", "--rule", Self.refreshRule, "--require", "pro"]
            + mock.credentials(key: mock.wrongKey) + [stale]
        let result = try await MockAppStoreAPI.offPool { try CLI.run(arguments, timeout: 60) }
        try mock.expectNoSecret(in: result)
        #expect(result.status == 77, "\(result.stdout)\(result.stderr)")
        let error = try #require(result.json, "no error object: \(result.stdout)")
        #expect(error["error"] as? String == "unauthorized")
        #expect((error["check"] as? [String: String])?["key_file"] == mock.wrongKey)
        #expect(!result.stdout.contains("granted"), "a decision was printed: \(result.stdout)")
    }
}
