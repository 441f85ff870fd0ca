import Foundation
import TestSupport
import Testing

/// `--all-pages` for each of the three paged operations against the mock: every page read, a saved
/// revision or token resumed from (only the pages after it), the one to save next said in the JSON and on
/// standard error; pages that loop, name the saved token again or never end refused for what they are.
extension AppStoreAPIScenarioTests {
    /// One paged operation as the tests ask it.
    struct PagedOperation: Sendable, CustomTestStringConvertible {
        let operation: String
        /// The option that gives a saved token.
        let option: String
        /// The tokens its pages name, in order (the mock's files).
        let tokens: [String]
        /// The signed elements of each page.
        let elements: [Int]
        var testDescription: String { operation }

        /// A notification history asks no id in its path: the scenario is the body's `transactionId` filter.
        var isNotifications: Bool { operation == "get-notification-history" }

        func arguments(_ id: String) -> [String] {
            guard isNotifications else {
                // A filter leaves a whole history unheld to the id asked about, which the mock ignores.
                return operation == "get-transaction-history" ? [id, "--product-id", MockResponses.product] : [id]
            }
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            return ["--start-date", String(now - 86_400_000), "--end-date", String(now), "--transaction-id", id]
        }

        /// The requests the mock recorded for `id`, oldest first.
        func records(_ mock: MockAppStoreAPI, _ id: String) throws -> [[String: Any]] {
            guard isNotifications else {
                let path = operation == "get-refund-history" ? "/inApps/v2/refund/lookup/" : "/inApps/v2/history/"
                return try mock.records(path: path + id)
            }
            return try mock.records(path: "/inApps/v1/notifications/history").filter {
                ($0["body"] as? [String: Any])?["transactionId"] as? String == id
            }
        }

        /// The saved token each recorded request was sent with, "" for none.
        func tokens(_ records: [[String: Any]]) -> [String] {
            let name = isNotifications ? "paginationToken" : "revision"
            return records.map { (($0["query"] as? [String: Any])?[name] as? [String])?.first ?? "" }
        }

        static let all = [
            PagedOperation(
                operation: "get-transaction-history", option: "--revision",
                tokens: ["revision-1", "revision-2", "revision-3"], elements: MockResponses.pages.map(\.count)),
            PagedOperation(
                operation: "get-refund-history", option: "--revision", tokens: ["refunds-1", "refunds-2"],
                elements: [1, 1]),
            PagedOperation(
                operation: "get-notification-history", option: "--pagination-token",
                tokens: ["notifications-1", "notifications-2"], elements: [1, 1]),
        ]
    }

    /// The report's `response` of a --json run.
    static func response(_ result: CLI.Result) -> [String: Any]? {
        result.json?["response"] as? [String: Any]
    }

    /// Read whole, then resumed from its first token (only the pages after it), then from its last (nothing
    /// newer): each reading says the token to save next, the last one, in the JSON and on standard error.
    @Test(arguments: PagedOperation.all) func aReadingResumedFromASavedTokenReadsOnlyNewerPages(
        _ paged: PagedOperation
    ) async throws {
        let mock = try MockAppStoreAPI.require()
        let id = "1000000000000063"
        let last = try #require(paged.tokens.last)
        let resumeLine = "to read only what is newer next time: --all-pages \(paged.option) \(last)"
        let whole = try await mock.api(paged.operation, paged.arguments(id) + ["--all-pages", "--json"])
        #expect(whole.status == 0, "\(whole.stdout.prefix(800))\(whole.stderr)")
        #expect(Self.response(whole)?["resume_from"] as? String == last, "\(whole.stdout.prefix(800))")
        #expect((Self.response(whole)?["elements"] as? [Any])?.count == paged.elements.reduce(0, +))
        #expect(whole.stderr.contains("receipt-check: \(resumeLine)\n"), "\(whole.stderr)")
        #expect(paged.tokens(try paged.records(mock, id)) == [""] + paged.tokens.dropLast())

        let newer = try await mock.api(
            paged.operation, paged.arguments(id) + ["--all-pages", paged.option, paged.tokens[0], "--json"])
        #expect(newer.status == 0, "\(newer.stdout.prefix(800))\(newer.stderr)")
        #expect(Self.response(newer)?["resume_from"] as? String == last, "\(newer.stdout.prefix(800))")
        #expect((Self.response(newer)?["elements"] as? [Any])?.count == paged.elements.dropFirst().reduce(0, +))
        #expect(newer.stderr.contains(resumeLine), "\(newer.stderr)")
        let resumed = Array(try paged.records(mock, id).dropFirst(paged.tokens.count))
        #expect(paged.tokens(resumed) == Array(paged.tokens.dropLast()), "only the pages after the saved token")

        // Nothing newer: no element, and the token saved stays the one to save. A refund or notification
        // history without an element names no app (Apple's carry no bundleId): not valid, exit 2.
        let none = try await mock.api(
            paged.operation, paged.arguments(id) + ["--all-pages", paged.option, last, "--json"])
        let namesTheApp = paged.operation == "get-transaction-history"
        #expect(none.status == (namesTheApp ? 0 : 2), "\(none.stdout.prefix(800))\(none.stderr)")
        #expect(namesTheApp || none.json?["reason"] as? String == "bundle_id_mismatch")
        #expect(Self.response(none)?["resume_from"] as? String == last, "\(none.stdout.prefix(800))\(none.stderr)")
        #expect((Self.response(none)?["elements"] as? [Any])?.count == 0)
        #expect(none.stderr.contains(resumeLine), "\(none.stderr)")
        #expect(try paged.records(mock, id).count == 2 * paged.tokens.count)
        // The published schema describes the reports with their token to resume from.
        let scratch = try ScratchDirectory()
        let reports = try [whole, newer, none].enumerated().map { index, result in
            try scratch.write("\(paged.operation)-\(index).json", Array(result.stdout.utf8))
        }
        try ReportSchemaTests.validate(reports, expecting: 3)
    }

    /// Pages that name one token again and again, a page that names the token saved (the pages would go
    /// round in circles), and pages that always have more (cut by --max-size): exit 65, nothing decided.
    @Test(arguments: PagedOperation.all) func pagesThatLoopOrNeverEndAreRefused(_ paged: PagedOperation) async throws {
        let mock = try MockAppStoreAPI.require()
        let looping = "1000000000000717"
        let loop = try await mock.api(paged.operation, paged.arguments(looping) + ["--all-pages"])
        #expect(loop.status == 65, "\(loop.stdout.prefix(800))\(loop.stderr)")
        #expect(loop.stderr.contains("names a \(paged.isNotifications ? "paginationToken" : "revision") an earlier"))
        #expect(loop.stderr.contains("round in circles"), "\(loop.stderr)")
        #expect(try paged.records(mock, looping).count == 2)

        let saved = try await mock.api(
            paged.operation, paged.arguments(looping) + ["--all-pages", paged.option, "looping"])
        #expect(saved.status == 65, "\(saved.stdout.prefix(800))\(saved.stderr)")
        #expect(saved.stderr.contains("it was asked with: the pages would go round in circles"), "\(saved.stderr)")
        #expect(try paged.records(mock, looping).count == 3)

        let endless = "1000000000000818"
        let limit = 20_000
        let cut = try await mock.api(
            paged.operation, paged.arguments(endless) + ["--all-pages", "--max-size", String(limit)])
        #expect(cut.status == 65, "\(cut.stdout.prefix(800))\(cut.stderr)")
        #expect(cut.stderr.contains("past \(limit) bytes in all"), "\(cut.stderr)")
        #expect(!cut.stderr.contains("to read only what is newer"), "\(cut.stderr)")
        let pages = try paged.records(mock, endless).count
        #expect(pages >= 2 && pages <= 20, "\(pages) pages read")
    }
}
