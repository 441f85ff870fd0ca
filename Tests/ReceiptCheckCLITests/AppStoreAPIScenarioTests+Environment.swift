import Foundation
import Testing

/// `api --environment auto` against the mock, which plays production at its root and the sandbox under
/// /sandbox: production first, the sandbox only on Apple's "not in this environment" (404 4040010), and
/// each answer verified as its own environment's.
extension AppStoreAPIScenarioTests {
    /// The mock's sandbox as the sandbox's host.
    func autoArguments(_ mock: MockAppStoreAPI) -> [String] {
        ["--sandbox-base-url", mock.baseURL + "/sandbox"]
    }

    /// The recorded requests for `path` that reached `environment` ("production" or "sandbox").
    static func records(_ mock: MockAppStoreAPI, path: String, in environment: String) throws -> [[String: Any]] {
        try mock.records(path: path).filter { $0["environment"] as? String == environment }
    }

    @Test func autoAsksTheSandboxWhenProductionDoesNotKnowTheTransaction() async throws {
        let mock = try MockAppStoreAPI.require()
        let id = MockAppStoreAPI.Scenario.sandboxOnly
        let result = try await mock.api(
            "get-transaction-info", [id, "--json"] + autoArguments(mock), environment: "auto")
        #expect(result.status == 0, "\(result.stdout.prefix(1500))\(result.stderr)")
        #expect(result.json?["status"] as? String == "valid", "\(result.stdout.prefix(1500))")
        #expect(result.stderr.contains("production does not know \(id): asking the sandbox"), "\(result.stderr)")
        #expect(result.stderr.contains("the sandbox answered"), "\(result.stderr)")
        let path = "/inApps/v1/transactions/\(id)"
        #expect(try Self.records(mock, path: path, in: "production").map { $0["status"] as? Int } == [404])
        #expect(try Self.records(mock, path: path, in: "sandbox").map { $0["status"] as? Int } == [200])
    }

    /// Named, production is the only environment asked: its 4040010 is the answer.
    @Test func productionAloneNeverAsksTheSandbox() async throws {
        let mock = try MockAppStoreAPI.require()
        let id = MockAppStoreAPI.Scenario.sandboxOnly
        let result = try await mock.api("get-app-transaction-info", [id, "--json"])
        #expect(result.status == 67, "\(result.stdout.prefix(1500))\(result.stderr)")
        #expect(try Self.records(mock, path: "/inApps/v1/transactions/appTransactions/\(id)", in: "sandbox").isEmpty)
    }

    @Test func autoAsksProductionAloneWhenItAnswers() async throws {
        let mock = try MockAppStoreAPI.require()
        let id = "1000000000000451"
        let result = try await mock.api(
            "get-app-transaction-info", [id, "--json"] + autoArguments(mock), environment: "auto")
        #expect(result.status == 0, "\(result.stdout.prefix(1500))\(result.stderr)")
        #expect(result.stderr.contains("production answered"), "\(result.stderr)")
        let path = "/inApps/v1/transactions/appTransactions/\(id)"
        #expect(try Self.records(mock, path: path, in: "production").count == 1)
        #expect(try Self.records(mock, path: path, in: "sandbox").isEmpty)
    }

    /// Fail closed: a 401 or a 5xx of production's is its answer, never a reason to take the sandbox's.
    @Test func autoNeverTurnsAProductionFailureIntoTheSandboxsAnswer() async throws {
        let mock = try MockAppStoreAPI.require()
        let refused = try await mock.api(
            "get-transaction-info", ["1000000000000452"] + autoArguments(mock), key: mock.wrongKey, environment: "auto")
        #expect(refused.status != 0, "\(refused.stderr)")
        #expect(!refused.stderr.contains("sandbox"), "\(refused.stderr)")
        #expect(try Self.records(mock, path: "/inApps/v1/transactions/1000000000000452", in: "sandbox").isEmpty)
        let failing = MockAppStoreAPI.Scenario.failsAlways
        let failed = try await mock.api(
            "get-refund-history", [failing, "--retries", "0"] + autoArguments(mock), environment: "auto")
        #expect(failed.status == 75, "\(failed.stderr)")
        let path = "/inApps/v2/refund/lookup/\(failing)"
        #expect(try Self.records(mock, path: path, in: "sandbox").isEmpty)
    }

    /// Unknown to both: the sandbox's 4040010 is the answer. An answer from the sandbox's host that names
    /// production is not taken as the sandbox's.
    @Test func autoHoldsTheSandboxsAnswerToTheSandbox() async throws {
        let mock = try MockAppStoreAPI.require()
        let unknown = try await mock.api(
            "get-app-transaction-info", [MockAppStoreAPI.Scenario.notFound] + autoArguments(mock), environment: "auto")
        #expect(unknown.status == 67, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("asking the sandbox"), "\(unknown.stderr)")
        let history = try await mock.api(
            "get-transaction-history", [MockAppStoreAPI.Scenario.sandboxOnly, "--json"] + autoArguments(mock),
            environment: "auto")
        #expect(history.status != 0, "\(history.stdout.prefix(1500))\(history.stderr)")
        #expect(history.json?["status"] as? String == "invalid", "\(history.stdout.prefix(1500))")
    }

    @Test func autoWithABaseURLNeedsTheSandboxs() async throws {
        let mock = try MockAppStoreAPI.require()
        let result = try await mock.api("get-transaction-info", ["1000000000000453"], environment: "auto")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--sandbox-base-url"), "\(result.stderr)")
        let named = try await mock.api(
            "get-transaction-info", ["1000000000000453", "--sandbox-base-url", mock.baseURL + "/sandbox"])
        #expect(named.status == 64, "\(named.stderr)")
        #expect(try mock.records(path: "/inApps/v1/transactions/1000000000000453").isEmpty)
    }
}
