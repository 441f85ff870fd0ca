import Foundation
import Testing

/// Backfill and reconcile against the mock: the API's signed answers (history pages, statuses) imported into
/// a store once, whatever the number of imports; `store reconcile` reports the customer whose stored latest
/// word differs from Apple's current answer, refuses a forged or another app's answer (never stored), and
/// stores Apple's answer only with --apply.
extension AppStoreAPIScenarioTests {
    /// The stored customers of the reconcile tests beside the mock's own (1000000000000001).
    enum Reconciled {
        static let differing = "1000000000000021"
        static let otherApp = "1000000000000031"
        static let forged = "1000000000000041"
    }

    static func date(_ days: Double) -> String { Date().addingTimeInterval(days * 86_400).ISO8601Format() }

    /// A transaction of original transaction `original`, bought 10 days ago, expiring in `expiresIn` days.
    static func transactionSpec(_ original: String, bundle: String = MockAppStoreAPI.bundleID, expiresIn: Double = 20)
        -> String
    {
        """
        {"transactionId":"\(original)","originalTransactionId":"\(original)","bundleId":"\(bundle)",
        "productId":"\(MockResponses.product)","subscriptionGroupIdentifier":"21000001","purchaseDate":"\(date(-10))",
        "originalPurchaseDate":"\(date(-10))","expiresDate":"\(date(expiresIn))","type":"Auto-Renewable Subscription",
        "inAppOwnershipType":"PURCHASED","environment":"Production","signedDate":"\(date(-1))"}
        """
    }

    /// All Subscription Statuses of `original`: its transaction and a renewal info saying `autoRenew`.
    static func statusesSpec(
        _ original: String, bundle: String = MockAppStoreAPI.bundleID, autoRenew: Int, expiresIn: Double
    )
        -> String
    {
        """
        {"environment":"Production","bundleId":"\(bundle)","appAppleId":1234,"data":[{"subscriptionGroupIdentifier":
        "21000001","lastTransactions":[{"originalTransactionId":"\(original)","status":1,
        "signedTransactionInfo":\(transactionSpec(original, bundle: bundle, expiresIn: expiresIn)),
        "signedRenewalInfo":{"originalTransactionId":"\(original)","autoRenewProductId":"\(MockResponses.product)",
        "productId":"\(MockResponses.product)","autoRenewStatus":\(autoRenew),"signedDate":"\(date(-0.01))",
        "environment":"Production"}}]}]}
        """
    }

    /// `spec` signed by the mock's PKI into `path`.
    static func sign(_ mock: MockAppStoreAPI, _ spec: String, to path: String) throws {
        let specFile = try mock.scratch.write("spec-" + (path as NSString).lastPathComponent, Array(spec.utf8))
        let pki = (mock.pkiRoot as NSString).deletingLastPathComponent
        let made = try CLI.run(["make-receipt", "--jws", "--spec", specFile, "--pki", pki, "-o", path])
        try #require(made.status == 0, "\(made.stderr)")
    }

    func store(_ mock: MockAppStoreAPI, _ arguments: [String]) async throws -> CLI.Result {
        let all = ["store"] + arguments + ["--root", mock.pkiRoot, "--bundle-id", MockAppStoreAPI.bundleID]
        return try await MockAppStoreAPI.offPool { try CLI.run(all, timeout: 60) }
    }

    func reconcile(_ mock: MockAppStoreAPI, _ store: String, _ extra: [String]) async throws -> CLI.Result {
        let all = ["store", "reconcile", "--store", store] + mock.credentials() + extra
        let result = try await MockAppStoreAPI.offPool { try CLI.run(all, timeout: 60) }
        try mock.expectNoSecret(in: result)
        return result
    }

    @Test func historyAndStatusesAreImportedOnce() async throws {
        let mock = try MockAppStoreAPI.require()
        let responses = mock.scratch.path + "/responses"
        let store = mock.scratch.path + "/backfill.db"
        let files =
            (1...MockResponses.pages.count).map { "\(responses)/history-\($0).json" } + [
                responses + "/statuses.json"
            ]
        let first = try await self.store(mock, ["import", "--store", store] + files)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let stored = first.stdout.split(separator: "\n").filter { $0.contains(": stored ") }
        // Five transactions of the history and the status (its transaction with its renewal info).
        #expect(stored.count == 6, "\(first.stdout)")
        #expect(first.stdout.contains("stored status:\(Scenario.customer):"), "\(first.stdout)")
        let again = try await self.store(mock, ["import", "--store", store] + files)
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(!again.stdout.contains(": stored "), "a second import changed the store: \(again.stdout)")
        #expect(
            again.stdout.split(separator: "\n").count == first.stdout.split(separator: "\n").count,
            "\(again.stdout)")
        // The customer is decided from what the API answered, as verify --combine decides it.
        let decided = try await MockAppStoreAPI.offPool {
            try CLI.run([
                "customer", Scenario.customer, "--store", store, "--root", mock.pkiRoot, "--bundle-id",
                MockAppStoreAPI.bundleID, "--rule", Self.refreshRule, "--require", "pro",
            ])
        }
        #expect(decided.status == 0, "\(decided.stdout)\(decided.stderr)")
        #expect(decided.stdout.contains("GRANTED pro"), "\(decided.stdout)")
    }

    @Test func backfillTakesEveryPageOnceAndRefusesAForgedElement() async throws {
        let mock = try MockAppStoreAPI.require()
        let store = mock.scratch.path + "/backfilled.db"
        let arguments = ["store", "backfill", "--store", store] + mock.credentials()
        // Asked by an id of its own (the mock answers any id with the customer's pages), so that no other
        // test's count of the customer's requests sees these.
        let asked = "1000000000000051"
        let first = try await MockAppStoreAPI.offPool { try CLI.run(arguments + [asked], timeout: 60) }
        try mock.expectNoSecret(in: first)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        for id in MockResponses.pages.flatMap({ $0 }) {
            #expect(first.stdout.contains("stored transaction:\(id):"), "\(id) not backfilled: \(first.stdout)")
        }
        #expect(first.stdout.contains("\(asked): stored status:\(Scenario.customer):"), "\(first.stdout)")
        let again = try await MockAppStoreAPI.offPool { try CLI.run(arguments + [asked], timeout: 60) }
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(!again.stdout.contains(": stored "), "a second backfill changed the store: \(again.stdout)")
        // A history with a forged element: that element refused, never kept.
        let forged = try await MockAppStoreAPI.offPool { try CLI.run(arguments + [Scenario.forged], timeout: 60) }
        #expect(forged.status == 2, "\(forged.stdout)\(forged.stderr)")
        #expect(forged.stdout.contains("\(Scenario.forged): refused (signature_mismatch)"), "\(forged.stdout)")
    }

    @Test func aStatusWithoutItsTransactionIsRefused() async throws {
        let mock = try MockAppStoreAPI.require()
        // A status whose renewal info alone is signed: the response's bundle id is unsigned, so nothing
        // signed says whose it is.
        var statuses = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: mock.scratch.path + "/responses/statuses.json")))
                as? [String: Any])
        var groups = try #require(statuses["data"] as? [[String: Any]])
        var last = try #require(groups.first?["lastTransactions"] as? [[String: Any]])
        last[0]["signedTransactionInfo"] = nil
        groups[0]["lastTransactions"] = last
        statuses["data"] = groups
        let file = try mock.scratch.write(
            "lone-renewal.json", Array(try JSONSerialization.data(withJSONObject: statuses)))
        let result = try await store(mock, ["import", "--store", mock.scratch.path + "/lone.db", file])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        // The verifier refuses it before the store would.
        #expect(result.stdout.contains("refused (bundle_id_mismatch)"), "\(result.stdout)")
        #expect(result.stdout.contains("no signed element names the app"), "\(result.stdout)")
        // A status whose renewal info is of another original transaction than its transaction.
        let mixed = mock.scratch.path + "/mixed-status.json"
        let spec = Self.statusesSpec(Reconciled.differing, autoRenew: 1, expiresIn: 20).replacingOccurrences(
            of: #"{"originalTransactionId":"\#(Reconciled.differing)","autoRenewProductId""#,
            with: #"{"originalTransactionId":"\#(Reconciled.otherApp)","autoRenewProductId""#)
        try Self.sign(mock, spec, to: mixed)
        let refused = try await store(mock, ["import", "--store", mock.scratch.path + "/mixed.db", mixed])
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stdout.contains("is not of the status's transaction"), "\(refused.stdout)")
    }

    @Test func reconcileReportsTheDifferingCustomerAndRefusesForgedAnswers() async throws {
        let mock = try MockAppStoreAPI.require()
        let responses = mock.scratch.path + "/responses"
        let store = mock.scratch.path + "/reconcile.db"
        // The store: the mock's customer as Apple answers it now, and three more, each one transaction.
        var files = [responses + "/statuses.json"]
        for id in [Reconciled.differing, Reconciled.otherApp, Reconciled.forged] {
            let file = mock.scratch.path + "/reconcile-\(id).jws"
            try Self.sign(mock, Self.transactionSpec(id), to: file)
            files.append(file)
        }
        let imported = try await self.store(mock, ["import", "--store", store] + files)
        try #require(imported.status == 0, "\(imported.stdout)\(imported.stderr)")
        // Apple now: the differing customer renewed no more and expires in 5 days; another app's answer; a
        // forged one (the expiry moved after signing).
        try Self.sign(
            mock, Self.statusesSpec(Reconciled.differing, autoRenew: 0, expiresIn: 5),
            to: responses + "/statuses-\(Reconciled.differing).json")
        try Self.sign(
            mock, Self.statusesSpec(Reconciled.otherApp, bundle: "com.other.app", autoRenew: 1, expiresIn: 20),
            to: responses + "/statuses-\(Reconciled.otherApp).json")
        try Self.forgeStatuses(mock, Reconciled.forged, to: responses + "/statuses-\(Reconciled.forged).json")

        // The first two customers: the one that differs is reported, with the fields and signed dates.
        let two = try await reconcile(mock, store, ["--limit", "2", "--json"])
        #expect(two.status == 1, "\(two.stdout)\(two.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(two.stdout.utf8)) as? [String: Any])
        #expect(report["checked"] as? Int == 2 && report["agree"] as? Int == 1 && report["differ"] as? Int == 1)
        let customers = try #require(report["customers"] as? [[String: Any]])
        #expect(customers.map { $0["originalTransactionId"] as? String } == [Reconciled.differing])
        let fields = (customers.first?["differences"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
        #expect(fields == ["expiresDate", "autoRenewStatus", "autoRenewProductId"], "\(two.stdout)")
        #expect((customers.first?["appleSignedDates"] as? [String: Any])?["renewal"] is String, "\(two.stdout)")

        // All four: the forged and the other app's answers are refused, and nothing is stored without --apply.
        let all = try await reconcile(mock, store, [])
        #expect(all.status == 2, "\(all.stdout)\(all.stderr)")
        #expect(all.stdout.contains("\(Reconciled.otherApp) refused: Apple's answer did not verify"), "\(all.stdout)")
        #expect(all.stdout.contains("\(Reconciled.forged) refused: Apple's answer did not verify"), "\(all.stdout)")
        #expect(
            all.stdout.hasSuffix("reconciled 4 customers: 1 agree, 1 differ, 2 refused, 0 failed\n"), "\(all.stdout)")
        let unchanged = try await reconcile(mock, store, ["--limit", "2"])
        #expect(unchanged.status == 1, "reconcile changed the store without --apply: \(unchanged.stdout)")

        // --apply stores Apple's answer of the differing customer through the intake, the refused ones never.
        let applied = try await reconcile(mock, store, ["--apply"])
        #expect(applied.status == 2, "\(applied.stdout)\(applied.stderr)")
        #expect(
            applied.stdout.contains("\(Reconciled.differing) stored status:\(Reconciled.differing):"),
            "\(applied.stdout)")
        let after = try await reconcile(mock, store, [])
        #expect(after.stdout.hasSuffix("4 customers: 2 agree, 0 differ, 2 refused, 0 failed\n"), "\(after.stdout)")
        for id in [Reconciled.otherApp, Reconciled.forged] {
            let decided = try await MockAppStoreAPI.offPool {
                try CLI.run([
                    "customer", id, "--store", store, "--root", mock.pkiRoot, "--bundle-id", MockAppStoreAPI.bundleID,
                    "--json",
                ])
            }
            // Still the one transaction imported: nothing of the refused answers was kept.
            #expect(
                decided.stdout.components(separatedBy: "\"input\" : \"transaction:").count == 2, "\(decided.stdout)")
        }
    }

    /// Statuses of `original` whose transaction's expiry was moved after it was signed.
    static func forgeStatuses(_ mock: MockAppStoreAPI, _ original: String, to path: String) throws {
        try sign(mock, statusesSpec(original, autoRenew: 1, expiresIn: 20), to: path)
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var groups = try #require(object["data"] as? [[String: Any]])
        var last = try #require(groups[0]["lastTransactions"] as? [[String: Any]])
        let jws = try #require(last[0]["signedTransactionInfo"] as? String)
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 3)
        let decoded = try #require(MockResponses.base64URLDecoded(parts[1]))
        var payload = try #require(try JSONSerialization.jsonObject(with: decoded) as? [String: Any])
        payload["expiresDate"] = ((payload["expiresDate"] as? NSNumber)?.int64Value ?? 0) + 86_400_000 * 365
        let forged = try JSONSerialization.data(withJSONObject: payload)
        last[0]["signedTransactionInfo"] = [parts[0], MockResponses.base64URLEncoded(forged), parts[2]].joined(
            separator: ".")
        groups[0]["lastTransactions"] = last
        object["data"] = groups
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    }
}
