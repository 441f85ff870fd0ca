import Foundation
import Testing

/// `verify --refresh` against the mock: a decision left unknown only by `--max-age` is made on the
/// customer's statuses and history fetched with the input's own transaction id, tied to the same
/// customer; a fetch that fails is no decision; an input fresh enough sends nothing.
extension AppStoreAPIScenarioTests {
    static let refreshRule = #"pro: subscription "pro.monthly" active"#

    /// A copy of transaction `id` of a monthly subscription (original transaction `original`) of the app
    /// transaction `customer`, signed `signedDaysAgo` days ago by the mock's PKI, bought `boughtDaysAgo`
    /// days ago and active for 20 days from now: the customer's current one, as the mock serves it, by
    /// default.
    static func signedTransaction(
        _ mock: MockAppStoreAPI, id: String, original: String = Scenario.customer,
        customer: String = MockResponses.appTransactionID, signedDaysAgo: Double, boughtDaysAgo: Double = 10
    ) throws -> String {
        func date(_ days: Double) -> String { Date().addingTimeInterval(days * 86_400).ISO8601Format() }
        let spec = try mock.scratch.write(
            "refresh-\(id)-spec.json",
            Array(
                """
                {"transactionId":"\(id)","originalTransactionId":"\(original)","bundleId":"\(MockAppStoreAPI.bundleID)",
                "productId":"\(MockResponses.product)","subscriptionGroupIdentifier":"21000001",
                "purchaseDate":"\(date(-boughtDaysAgo))","originalPurchaseDate":"\(date(-10))","expiresDate":"\(date(20))",
                "type":"Auto-Renewable Subscription","inAppOwnershipType":"PURCHASED","environment":"Production",
                "signedDate":"\(date(-signedDaysAgo))","appTransactionId":"\(customer)"}
                """.utf8))
        let file = mock.scratch.path + "/refresh-\(id).jws"
        let pki = (mock.pkiRoot as NSString).deletingLastPathComponent
        let made = try CLI.run(["make-receipt", "--jws", "--spec", spec, "--pki", pki, "-o", file])
        try #require(made.status == 0, "\(made.stderr)")
        return file
    }

    func refresh(_ mock: MockAppStoreAPI, _ input: String, _ extra: [String] = []) async throws -> CLI.Result {
        let arguments =
            ["verify", "--refresh", "--json", "--rule", Self.refreshRule, "--require", "pro"] + mock.credentials()
            + extra + [input]
        let result = try await MockAppStoreAPI.offPool { try CLI.run(arguments, timeout: 60) }
        try mock.expectNoSecret(in: result)
        return result
    }

    @Test func aStaleInputIsDecidedOnFreshStatuses() async throws {
        let mock = try MockAppStoreAPI.require()
        // The customer's current transaction, as the client saved it ten days ago.
        let id = "1000000000000005"
        let stale = try Self.signedTransaction(mock, id: id, signedDaysAgo: 10)
        let unknown = try await MockAppStoreAPI.offPool {
            try CLI.run(
                [
                    "verify", "--json", "--rule", Self.refreshRule, "--require", "pro", "--root", mock.pkiRoot,
                    "--bundle-id", MockAppStoreAPI.bundleID, stale,
                ])
        }
        #expect(unknown.status == 3, "without --refresh the stale input decides nothing: \(unknown.stdout)")
        let decided = (unknown.json?["entitlements"] as? [[String: Any]])?.first
        #expect(decided?["decision"] as? String == "unknown" && decided?["granted"] as? Bool == false)
        #expect(decided?["reason_code"] as? String == "too_old_for_max_age", "\(unknown.stdout)")
        let result = try await refresh(mock, stale)
        #expect(result.status == 0, "\(result.stdout.prefix(1500))\(result.stderr)")
        let json = try #require(result.json, "\(result.stdout.prefix(800))")
        // The report names each input the facts came from: the stale one and the two fetched.
        let inputs = try #require(json["inputs"] as? [[String: Any]], "\(result.stdout.prefix(800))")
        #expect(inputs.count == 3, "\(inputs.map { $0["input"] ?? "" })")
        #expect(try mock.records(path: "/inApps/v1/subscriptions/\(id)").count == 1)
        #expect(try mock.records(path: "/inApps/v2/history/\(id)").count == 3)
    }

    /// A renewal the client saved ten days ago, which the fresh history does not list, whose period starts
    /// a minute after the current one's. The history was asked for with that renewal's id, so a history
    /// without it is not the answer to the question (`answer_mismatch`): nothing is granted, whatever the
    /// periods say. (Which of two periods in force decides, in every order and at every second, is
    /// `LatestCopyTests`'s.)
    @Test func aStaleRenewalTheHistoryDoesNotHoldDecidesNothing() async throws {
        let mock = try MockAppStoreAPI.require()
        let id = "1000000000000037"
        let stale = try Self.signedTransaction(mock, id: id, signedDaysAgo: 10, boughtDaysAgo: 10 - 60 / 86_400)
        let result = try await refresh(mock, stale)
        #expect(result.status == 2, "\(result.stdout.prefix(1500))\(result.stderr)")
        #expect(result.stdout.contains(#""reason" : "answer_mismatch""#), "\(result.stdout.prefix(1500))")
        #expect(!result.stdout.contains(#"subscription \"pro.monthly\" active at"#), "\(result.stdout.prefix(1500))")
        #expect(try mock.records(path: "/inApps/v1/subscriptions/\(id)").count == 1)
    }

    @Test func freshDataOfAnotherCustomerIsRefused() async throws {
        let mock = try MockAppStoreAPI.require()
        let stale = try Self.signedTransaction(
            mock, id: "1000000000000021", original: "1000000000000021", customer: "705000000000099",
            signedDaysAgo: 10)
        let result = try await refresh(mock, stale)
        #expect(result.status == 2, "\(result.stdout.prefix(1500))\(result.stderr)")
        // The history fetched with the input's transaction does not hold it: an answer for another
        // customer, refused before the inputs are tied (which would refuse it too, as customer_mismatch).
        #expect(result.json?["reason"] as? String == "answer_mismatch", "\(result.stdout.prefix(1500))")
    }

    @Test func anAPIDownIs75AndNoDecision() async throws {
        let mock = try MockAppStoreAPI.require()
        let stale = try Self.signedTransaction(
            mock, id: Scenario.failsAlways, original: Scenario.failsAlways, signedDaysAgo: 10)
        let result = try await refresh(mock, stale, ["--retries", "0"])
        #expect(result.status == 75, "\(result.stdout.prefix(1500))\(result.stderr)")
        #expect(!result.stdout.contains("granted"), "a decision was printed: \(result.stdout)")
        #expect(try mock.records(path: "/inApps/v1/subscriptions/\(Scenario.failsAlways)").count == 1)
    }

    @Test func aFreshInputSendsNoRequest() async throws {
        let mock = try MockAppStoreAPI.require()
        let id = "1000000000000022"
        let fresh = try Self.signedTransaction(mock, id: id, original: id, signedDaysAgo: 0.01)
        let result = try await refresh(mock, fresh)
        #expect(result.status == 0, "\(result.stdout.prefix(1500))\(result.stderr)")
        #expect(try mock.records().filter { ($0["path"] as? String)?.hasSuffix("/\(id)") == true }.isEmpty)
    }

    @Test func refreshWithoutCredentialsNamesWhatIsMissing() async throws {
        let mock = try MockAppStoreAPI.require()
        let stale = try Self.signedTransaction(mock, id: "1000000000000023", signedDaysAgo: 10)
        let result = try await MockAppStoreAPI.offPool {
            try CLI.run(
                [
                    "verify", "--refresh", "--rule", Self.refreshRule, "--root", mock.pkiRoot, "--bundle-id",
                    MockAppStoreAPI.bundleID, "--environment", "production", stale,
                ])
        }
        #expect(result.status == 64, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("--key (or $RECEIPT_CHECK_KEY_FILE)"), "\(result.stderr)")
        #expect(result.stderr.contains("--issuer-id"), "\(result.stderr)")
        // The credentials alone would be ignored: refused, as --refresh is not given.
        let ignored = try await MockAppStoreAPI.offPool {
            try CLI.run(["verify", "--root", mock.pkiRoot, "--key", mock.key, stale])
        }
        #expect(ignored.status == 64, "\(ignored.stdout)\(ignored.stderr)")
        #expect(ignored.stderr.contains("--key is for the requests of --refresh"), "\(ignored.stderr)")
    }
}
