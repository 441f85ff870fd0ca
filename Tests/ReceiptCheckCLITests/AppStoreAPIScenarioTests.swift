import Foundation
import ReceiptKit
import TestSupport
import Testing

/// `receipt-check api` against the mock App Store Server API (Scripts/mock-appstore-api.py): pages,
/// Apple's errors, rate limits, server failures, a forged element, a slow server, and rules on fetched
/// data. Every run is also checked to print neither the key nor the bearer token (``MockAppStoreAPI/api``).
@Suite(.mockAppStoreAPI, .timeLimit(.minutes(10))) struct AppStoreAPIScenarioTests {
    typealias Scenario = MockAppStoreAPI.Scenario

    /// How a transaction's id shows in a --json report.
    static func transaction(_ id: String) -> String { #""transactionId" : "\#(id)""# }

    @Test func historyCollectsEveryPage() async throws {
        let mock = try MockAppStoreAPI.require()
        let all = try await mock.api("get-transaction-history", [Scenario.customer, "--json"])
        #expect(all.status == 0, "\(all.stdout.prefix(800))\(all.stderr)")
        // Asked by its original transaction id, the history holds it.
        #expect(Self.answerHeld(all) == true, "\(all.stdout.prefix(1500))")
        let requests = try mock.records(path: "/inApps/v2/history/\(Scenario.customer)")
        #expect(requests.map { $0["rawQuery"] as? String } == ["", "revision=revision-1", "revision=revision-2"])
        for id in MockResponses.pages.flatMap({ $0 }) {
            #expect(all.stdout.contains(Self.transaction(id)), "transaction \(id) missing from the pages collected")
        }
    }

    @Test func oneRevisionIsOnePage() async throws {
        let mock = try MockAppStoreAPI.require()
        let page = try await mock.api(
            "get-transaction-history", [Scenario.otherCustomer, "--revision", "revision-1", "--json"])
        #expect(page.status == 0, "\(page.stdout.prefix(800))\(page.stderr)")
        for id in MockResponses.pages[1] {
            #expect(page.stdout.contains(Self.transaction(id)))
        }
        for id in MockResponses.pages[0] + MockResponses.pages[2] {
            #expect(!page.stdout.contains(Self.transaction(id)), "\(id) is not on the page asked for")
        }
    }

    @Test func notFoundIsApplesErrorAndNoDecision() async throws {
        let mock = try MockAppStoreAPI.require()
        let result = try await mock.api(
            "get-transaction-info", [Scenario.notFound, "--rule", "pro: product \"pro.monthly\"", "--require", "pro"])
        #expect(result.status == 67, "\(result.stdout)\(result.stderr)")
        let output = result.stdout + result.stderr
        #expect(output.contains("4040010"), "\(output)")
        #expect(output.contains("Transaction id not found."), "\(output)")
        #expect(!output.contains("granted"), "a decision was printed: \(output)")
        // A 4xx other than 429 is not retried.
        #expect(try mock.records(path: "/inApps/v1/transactions/\(Scenario.notFound)").count == 1)
    }

    @Test func aTokenTheServerRefusesIs401() async throws {
        let mock = try MockAppStoreAPI.require()
        let path = "/inApps/v1/transactions/appTransactions/\(Scenario.customer)"
        let wrongKey = try await mock.api("get-app-transaction-info", [Scenario.customer], key: mock.wrongKey)
        #expect(wrongKey.status == 77, "\(wrongKey.stdout)\(wrongKey.stderr)")
        #expect((wrongKey.stdout + wrongKey.stderr).contains("401"), "\(wrongKey.stdout)\(wrongKey.stderr)")
        let refused = try mock.records(path: path)
        #expect(refused.count == 1, "a 401 is not retried")
        #expect(refused.first?["refused"] as? String == "the signature does not verify with the key's public key")
        // The right key with another issuer: the mock names the claim it refused.
        var arguments = mock.credentials()
        arguments[arguments.firstIndex(of: MockAppStoreAPI.issuerID) ?? 0] = "11111111-2222-3333-4444-555555555555"
        let otherIssuer = ["api", "get-app-transaction-info"] + arguments + [Scenario.customer]
        let issuer = try await MockAppStoreAPI.offPool { try CLI.run(otherIssuer) }
        #expect(issuer.status == wrongKey.status, "\(issuer.stderr)")
        #expect(
            try mock.records(path: path).last?["refused"] as? String
                == "iss '11111111-2222-3333-4444-555555555555' is not the issuer id")
    }

    @Test func rateLimitWaitsForRetryAfter() async throws {
        let mock = try MockAppStoreAPI.require()
        let result = try await mock.api("get-transaction-info", [Scenario.rateLimited, "--json"])
        #expect(result.status == 0, "\(result.stdout.prefix(800))\(result.stderr)")
        let requests = try mock.records(path: "/inApps/v1/transactions/\(Scenario.rateLimited)")
        try #require(requests.count == 2, "\(requests)")
        #expect(requests[0]["status"] as? Int == 429 && requests[1]["status"] as? Int == 200)
        let waited = try #require(requests[1]["time"] as? Double) - (try #require(requests[0]["time"] as? Double))
        #expect(waited >= 1, "the retry came \(waited) s after the 429 that asked for 1 s")
    }

    @Test func aServerErrorThenSuccessSucceeds() async throws {
        let mock = try MockAppStoreAPI.require()
        let result = try await mock.api("get-all-subscription-statuses", [Scenario.failsOnce, "--json"])
        #expect(result.status == 0, "\(result.stdout.prefix(800))\(result.stderr)")
        let requests = try mock.records(path: "/inApps/v1/subscriptions/\(Scenario.failsOnce)")
        #expect(requests.map { $0["status"] as? Int } == [500, 200])
    }

    @Test func retriesRunOutAt75() async throws {
        let mock = try MockAppStoreAPI.require()
        let result = try await mock.api(
            "get-transaction-info",
            [Scenario.failsAlways, "--rule", "pro: product \"pro.monthly\"", "--require", "pro", "--json"])
        #expect(result.status == 75, "\(result.stdout.prefix(800))\(result.stderr)")
        #expect(!result.stdout.contains("granted"), "a decision was printed: \(result.stdout)")
        let requests = try mock.records(path: "/inApps/v1/transactions/\(Scenario.failsAlways)")
        // The default policy: the first attempt and 3 retries.
        #expect(requests.count == 4, "\(requests.count) attempts")
        let once = try await mock.api("get-app-transaction-info", [Scenario.failsAlways, "--retries", "1"])
        #expect(once.status == 75, "\(once.stdout.prefix(800))\(once.stderr)")
        #expect(try mock.records(path: "/inApps/v1/transactions/appTransactions/\(Scenario.failsAlways)").count == 2)
    }

    @Test func aForgedElementMakesTheResponseInvalid() async throws {
        let mock = try MockAppStoreAPI.require()
        let result = try await mock.api("get-transaction-history", [Scenario.forged, "--json"])
        #expect(result.status == 2, "\(result.stdout.prefix(800))\(result.stderr)")
        let json = try #require(result.json, "\(result.stdout.prefix(800))")
        #expect(json["status"] as? String == "invalid")
        #expect((json["message"] as? String)?.hasPrefix("elements[1]") == true, "\(json["message"] ?? "")")
    }

    @Test func aSlowServerTimesOutAt75() async throws {
        let mock = try MockAppStoreAPI.require()
        let started = Date()
        let result = try await mock.api("get-transaction-info", [Scenario.slow, "--timeout", "1"])
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 75, "\(result.stdout.prefix(800))\(result.stderr)")
        #expect(took < Double(MockAppStoreAPI.slowSeconds), "took \(took) s: the timeout did not apply")
        // A timeout is a network failure: retried, each attempt cut after a second.
        #expect(try mock.records(path: "/inApps/v1/transactions/\(Scenario.slow)").count == 4)
    }

    @Test func rulesDecideOnFetchedStatuses() async throws {
        let mock = try MockAppStoreAPI.require()
        let rules = try mock.scratch.write(
            "paywall.rules",
            Array("pro: subscription \"pro.monthly\" active\nlifetime: product \"pro.lifetime\"\n".utf8))
        let granted = try await mock.api(
            "get-all-subscription-statuses", [Scenario.customer, "--rules", rules, "--require", "pro", "--json"])
        #expect(granted.status == 0, "\(granted.stdout.prefix(800))\(granted.stderr)")
        let denied = try await mock.api(
            "get-all-subscription-statuses", [Scenario.customer, "--rules", rules, "--require", "lifetime"])
        #expect(denied.status == 1, "\(denied.stdout.prefix(800))\(denied.stderr)")
    }

    /// ReceiptKit's client as a Swift server uses it (async, over libcurl), against the same mock: a verified
    /// answer, a forged element that makes the verdict invalid, and Apple's 404 as an error, not a verdict.
    @Test func theLibraryClientVerifiesWhatItFetches() async throws {
        let mock = try MockAppStoreAPI.require()
        let root = try Certificate(derOrPEM: Array(try Data(contentsOf: URL(fileURLWithPath: mock.pkiRoot))))
        let validator = try ReceiptValidator(
            policy: .custom(roots: [root]), options: ValidationOptions(bundleID: MockAppStoreAPI.bundleID))
        let key = try SigningKey(pkcs8PEM: Array(try Data(contentsOf: URL(fileURLWithPath: mock.key))))
        let client = try AppStoreServerAPIClient(
            key: key, keyID: MockAppStoreAPI.keyID, issuerID: MockAppStoreAPI.issuerID,
            bundleID: MockAppStoreAPI.bundleID, environment: .production, baseURL: mock.baseURL, validator: validator,
            connection: .init(caFile: mock.caFile))
        let info = try await client.send(.getTransactionInfo(transactionID: Scenario.library))
        #expect(info.verdict?.report.status == .valid, "\(info.verdict?.report.message ?? "no verdict")")
        let forged = try await client.send(
            .getTransactionHistory(transactionID: Scenario.forged))
        #expect(forged.verdict?.report.status == .invalid)
        do {
            // Another path than the command's 404 test, which counts its requests.
            let answer = try await client.send(.getAppTransactionInfo(transactionID: Scenario.notFound))
            Issue.record("a 404 was answered: \(answer.status)")
        } catch {
            #expect(
                error.kind == .apple(status: 404, errorCode: 4_040_010, errorMessage: "Transaction id not found."),
                "\(error)")
        }
    }

    /// The mock is worth testing against only if it refuses what Apple's server refuses: a request wrong in
    /// one way each (Scripts/mock-appstore-api-refusals.py) gets Apple's status and error code.
    @Test func theMockRefusesWhatApplesServerRefuses() async throws {
        let mock = try MockAppStoreAPI.require()
        guard let python = ReportSchemaTests.python() else { return }
        let cases = try mock.scratch.write(
            "refusal-cases.json",
            Array(
                try JSONSerialization.data(withJSONObject: [
                    "baseUrl": mock.baseURL, "caFile": mock.caFile, "key": mock.key, "otherKey": mock.wrongKey,
                    "keyId": MockAppStoreAPI.keyID, "issuerId": MockAppStoreAPI.issuerID,
                    "bundleId": MockAppStoreAPI.bundleID, "transactionId": Scenario.refusals,
                ])))
        let script = CLI.packageRoot.appendingPathComponent("Scripts/mock-appstore-api-refusals.py").path
        let run = try await MockAppStoreAPI.offPool {
            try CLI.run(URL(fileURLWithPath: python), [script, cases], stdin: nil)
        }
        #expect(run.status == 0, "\(run.stderr)")
        let results = try #require(run.json?["results"] as? [[String: Any]], "\(run.stdout)\(run.stderr)")
        let unauthorized = [
            "no token", "another key", "claims changed after signing", "alg ES384", "wrong kid", "no typ", "wrong iss",
            "wrong aud", "wrong bid", "no exp", "expired", "exp two hours away", "exp two hours away without iat",
            "iat in the future",
            "lifetime over an hour", "extra claim",
        ]
        var expected: [String: (Int, Int?)] = [
            "good": (200, nil), "non-numeric transaction id": (400, 4_000_006), "wrong method": (405, nil),
            "no such path": (404, nil), "unknown query parameter": (400, 4_000_000),
            "unknown revision": (400, 4_000_005), "a body on a GET": (400, 4_000_000),
            "unknown body member": (400, 4_000_000), "extendByDays out of range": (400, 4_000_000),
            "an app transaction id for a transaction's info": (400, 4_000_048),
        ]
        for name in unauthorized { expected[name] = (401, nil) }
        #expect(Set(results.compactMap { $0["name"] as? String }) == Set(expected.keys))
        for result in results {
            let name = result["name"] as? String ?? ""
            let want = expected[name]
            #expect(result["status"] as? Int == want?.0, "\(name): \(result)")
            #expect(result["errorCode"] as? Int == want?.1, "\(name): \(result)")
        }
    }

    /// The suite's trait stops its mock; this one starts its own to prove that stopping leaves no process.
    @Test func theMockStopsWithItsStandardInput() async throws {
        let mock = try await MockAppStoreAPI.offPool { try MockAppStoreAPI() }
        let pid = mock.processIdentifier
        #expect(kill(pid, 0) == 0)
        #expect(mock.stop(), "the mock was not running: \(mock.errors)")
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "process \(pid) is still there")
    }
}
