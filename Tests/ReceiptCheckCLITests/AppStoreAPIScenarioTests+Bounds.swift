import Foundation
import Testing

/// Answers held to their question, and a history bounded in pages, bytes and time, against the mock.
extension AppStoreAPIScenarioTests {
    static let proRule = ["--rule", refreshRule, "--require", "pro"]

    /// Transaction 1000000000000005 (genuine, the same app, a customer's) answers a question about another
    /// transaction: verified, and deciding nothing. (The control asks another path than the CA file's
    /// tests, which count the requests for 1000000000000005.)
    @Test func anAnswerForAnotherTransactionDecidesNothing() async throws {
        let mock = try MockAppStoreAPI.require()
        let asked = "1000000000000007"
        let other = try await mock.api("get-transaction-info", [asked, "--json"] + Self.proRule)
        #expect(other.status == 2, "\(other.stdout.prefix(1500))\(other.stderr)")
        let json = try #require(other.json, "\(other.stdout.prefix(800))")
        #expect(json["reason"] as? String == "answer_mismatch", "\(other.stdout.prefix(1500))")
        #expect((json["message"] as? String)?.contains(asked) == true, "\(json["message"] ?? "")")
        // Read again with --combine, it still decides nothing.
        let combined = try await mock.api("get-transaction-info", [asked, "--combine", "--json"] + Self.proRule)
        #expect(combined.status == 2, "\(combined.stdout.prefix(1500))\(combined.stderr)")
        #expect(combined.json?["reason"] as? String == "answer_mismatch", "\(combined.stdout.prefix(1500))")
        // The control: the transaction asked for, answered, decides.
        let own = try await mock.api("get-transaction-info", [Scenario.renewal, "--json"] + Self.proRule)
        #expect(own.status == 0, "\(own.stdout.prefix(1500))\(own.stderr)")
        // Asked by its original transaction id, a transaction of it answers.
        let original = try await mock.api("get-transaction-info", [Scenario.customer] + Self.proRule)
        #expect(original.status == 0, "\(original.stdout.prefix(1500))\(original.stderr)")
    }

    /// Every page of a history without filters must hold the transaction asked about; with a filter the
    /// answer cannot say, and is not held to it.
    @Test func aHistoryWithoutTheAskedTransactionDecidesNothing() async throws {
        let mock = try MockAppStoreAPI.require()
        let asked = "1000000000000009"
        let history = try await mock.api("get-transaction-history", [asked, "--json"] + Self.proRule)
        #expect(history.status == 2, "\(history.stdout.prefix(1500))\(history.stderr)")
        #expect(history.json?["reason"] as? String == "answer_mismatch", "\(history.stdout.prefix(1500))")
        #expect(try mock.records(path: "/inApps/v2/history/\(asked)").count == 3)
        let filtered = try await mock.api(
            "get-transaction-history", [asked, "--product-id", MockResponses.product] + Self.proRule)
        #expect(filtered.status == 0, "\(filtered.stdout.prefix(1500))\(filtered.stderr)")
    }

    @Test func aRevisionNamedAgainEndsTheHistory() async throws {
        let mock = try MockAppStoreAPI.require()
        let result = try await mock.api("get-transaction-history", [Scenario.looping])
        #expect(result.status == 65, "\(result.stdout.prefix(800))\(result.stderr)")
        #expect(result.stderr.contains("round in circles"), "\(result.stderr)")
        #expect(try mock.records(path: "/inApps/v2/history/\(Scenario.looping)").count == 2)
    }

    /// --max-size bounds the pages in all, as one input.
    @Test func pagesPastTheSizeLimitEndTheHistory() async throws {
        let mock = try MockAppStoreAPI.require()
        let limit = 40_000
        let result = try await mock.api("get-transaction-history", [Scenario.endless, "--max-size", String(limit)])
        #expect(result.status == 65, "\(result.stdout.prefix(800))\(result.stderr)")
        #expect(result.stderr.contains("past \(limit) bytes in all"), "\(result.stderr)")
        let pages = try mock.records(path: "/inApps/v2/history/\(Scenario.endless)").count
        #expect(pages >= 2 && pages < 20, "\(pages) pages read")
    }

    /// Every page answers inside --timeout; the whole history's deadline ends it.
    @Test func aHistoryPastItsDeadlineIs75() async throws {
        let mock = try MockAppStoreAPI.require()
        let started = Date()
        let result = try await mock.api(
            "get-transaction-history", [Scenario.slowPages, "--timeout", "2", "--deadline", "2"] + Self.proRule)
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 75, "\(result.stdout.prefix(800))\(result.stderr)")
        #expect(result.stderr.contains("deadline passed"), "\(result.stderr)")
        #expect(!result.stdout.contains("granted"), "a decision was printed: \(result.stdout)")
        #expect(took < 15, "took \(took) s")
        let pages = try mock.records(path: "/inApps/v2/history/\(Scenario.slowPages)").count
        // At most four pages fit in 2 s at half a second each (fewer on a loaded machine); without the
        // deadline, 500 would be read, one every half second.
        #expect(pages >= 1 && pages <= 6, "\(pages) pages read in 2 s at \(MockAppStoreAPI.pageDelay) s each")
    }

    /// A request in flight when the deadline comes is cut then (libcurl is given the time left), not when
    /// --timeout would cut it.
    @Test func aRequestInFlightEndsAtTheDeadline() async throws {
        let mock = try MockAppStoreAPI.require()
        let started = Date()
        let result = try await mock.api(
            "get-app-transaction-info", [Scenario.slow, "--timeout", "60", "--deadline", "1"])
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 75, "\(result.stdout.prefix(800))\(result.stderr)")
        #expect(took < Double(MockAppStoreAPI.slowSeconds) / 2, "took \(took) s: the deadline did not cut the request")
        #expect(try mock.records(path: "/inApps/v1/transactions/appTransactions/\(Scenario.slow)").count == 1)
    }

    /// --refresh fetches statuses and history under one deadline.
    @Test func aRefreshPastItsDeadlineIs75() async throws {
        let mock = try MockAppStoreAPI.require()
        let stale = try Self.signedTransaction(
            mock, id: Scenario.slowPagesRefreshed, original: Scenario.slowPagesRefreshed, signedDaysAgo: 10)
        let started = Date()
        let result = try await refresh(mock, stale, ["--deadline", "2"])
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 75, "\(result.stdout.prefix(1500))\(result.stderr)")
        #expect(!result.stdout.contains("granted"), "a decision was printed: \(result.stdout)")
        #expect(took < 15, "took \(took) s")
    }

    @Test func aDeadlineOutOfRangeIsAUsageError() async throws {
        let mock = try MockAppStoreAPI.require()
        let result = try await mock.api("get-transaction-info", [Scenario.customer, "--deadline", "0"])
        #expect(result.status == 64, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("--deadline takes seconds from 1 to 3600, not '0'"), "\(result.stderr)")
    }
}
