import Foundation
import Testing

/// Every identifier Apple takes binds the answer, against the mock: asked by the customer's app transaction
/// id (705000000000001), a genuine answer is held to it; asked by another customer's (705000000000002),
/// the mock answers with 705000000000001's data, which is `answer_mismatch`.
extension AppStoreAPIScenarioTests {
    static let appTransaction = MockResponses.appTransactionID
    static let otherAppTransaction = "705000000000002"
    static let byAppTransaction = ["--id-kind", "app-transaction"]

    /// Whether the report's `answer` check passed; nil when it has none.
    static func answerHeld(_ result: CLI.Result) -> Bool? {
        let checks = result.json?["checks"] as? [[String: Any]] ?? []
        return checks.first { $0["name"] as? String == "answer" }?["passed"] as? Bool
    }

    /// `api get-transaction-history APP_TRANSACTION_ID`: every page, held to the customer whose app
    /// transaction it is, with --id-kind or without.
    @Test func aHistoryAskedByAnAppTransactionIDIsHeldToIt() async throws {
        let mock = try MockAppStoreAPI.require()
        for kind in [[], Self.byAppTransaction] {
            let genuine = try await mock.api(
                "get-transaction-history", [Self.appTransaction, "--json"] + kind + Self.proRule)
            #expect(genuine.status == 0, "\(kind) \(genuine.stdout.prefix(1500))\(genuine.stderr)")
            #expect(Self.answerHeld(genuine) == true, "\(kind) \(genuine.stdout.prefix(1500))")
            let swapped = try await mock.api(
                "get-transaction-history", [Self.otherAppTransaction, "--json"] + kind + Self.proRule)
            #expect(swapped.status == 2, "\(kind) \(swapped.stdout.prefix(1500))\(swapped.stderr)")
            #expect(swapped.json?["reason"] as? String == "answer_mismatch", "\(swapped.stdout.prefix(1500))")
        }
        #expect(try mock.records(path: "/inApps/v2/history/\(Self.appTransaction)").count == 6)
    }

    /// Asked by an app transaction id (--id-kind app-transaction), the statuses must be that customer's
    /// in every signed transaction and renewal info.
    @Test func statusesAskedByAnAppTransactionIDAreHeldToIt() async throws {
        let mock = try MockAppStoreAPI.require()
        let genuine = try await mock.api(
            "get-all-subscription-statuses", [Self.appTransaction, "--json"] + Self.byAppTransaction + Self.proRule)
        #expect(genuine.status == 0, "\(genuine.stdout.prefix(1500))\(genuine.stderr)")
        #expect(Self.answerHeld(genuine) == true, "\(genuine.stdout.prefix(1500))")
        let swapped = try await mock.api(
            "get-all-subscription-statuses",
            [Self.otherAppTransaction, "--json"] + Self.byAppTransaction + Self.proRule)
        #expect(swapped.status == 2, "\(swapped.stdout.prefix(1500))\(swapped.stderr)")
        #expect(swapped.json?["reason"] as? String == "answer_mismatch", "\(swapped.stdout.prefix(1500))")
        #expect((swapped.json?["message"] as? String)?.contains(Self.otherAppTransaction) == true)
    }

    @Test func anAppTransactionAndRefundsAskedByAnAppTransactionIDAreHeldToIt() async throws {
        let mock = try MockAppStoreAPI.require()
        for operation in ["get-app-transaction-info", "get-refund-history"] {
            let genuine = try await mock.api(operation, [Self.appTransaction, "--json"] + Self.byAppTransaction)
            #expect(genuine.status == 0, "\(operation) \(genuine.stdout.prefix(1500))\(genuine.stderr)")
            #expect(Self.answerHeld(genuine) == true, "\(operation) \(genuine.stdout.prefix(1500))")
            let swapped = try await mock.api(operation, [Self.otherAppTransaction, "--json"] + Self.byAppTransaction)
            #expect(swapped.status == 2, "\(operation) \(swapped.stdout.prefix(1500))\(swapped.stderr)")
            #expect(swapped.json?["reason"] as? String == "answer_mismatch", "\(swapped.stdout.prefix(1500))")
        }
    }

    /// Apple takes no app transaction id for a transaction's info: said before anything is sent when the
    /// caller says it is one, Apple's 4000048 when not.
    @Test func aTransactionInfoTakesNoAppTransactionID() async throws {
        let mock = try MockAppStoreAPI.require()
        let unsent = "705000000000003"
        let refused = try await mock.api("get-transaction-info", [unsent] + Self.byAppTransaction)
        #expect(refused.status == 64, "\(refused.stdout.prefix(800))\(refused.stderr)")
        #expect(refused.stderr.contains("get-transaction-info takes no app transaction id"), "\(refused.stderr)")
        #expect(try mock.records(path: "/inApps/v1/transactions/\(unsent)").isEmpty)
        let apple = try await mock.api("get-transaction-info", [Self.appTransaction])
        #expect(apple.status == 66, "\(apple.stdout.prefix(800))\(apple.stderr)")
        #expect((apple.stdout + apple.stderr).contains("4000048"), "\(apple.stdout)\(apple.stderr)")
    }
}
