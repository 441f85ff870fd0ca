import Foundation
import Testing

/// The StoreKit 2 inputs of issue 12 through the binary: make-receipt --jws scenarios, responses in
/// batch and --lines, --combine's exit statuses, the new options' usage errors, and every new report
/// kind against the published schema.
@Suite(.timeLimit(.minutes(10))) struct StoreKit2CommandTests {
    typealias Workspace = JWSSigningCommandTests.Workspace

    static let transaction = """
        {"transactionId":"1001","originalTransactionId":"1001","bundleId":"com.example.app",
        "productId":"pro.monthly","purchaseDate":"2026-11-15T00:00:00Z","expiresDate":"2026-12-15T00:00:00Z",
        "type":"Auto-Renewable Subscription","environment":"Production","signedDate":"2026-11-20T00:00:00Z",
        "appTransactionId":"705000000000001"}
        """
    static let history = """
        {"bundleId":"com.example.app","appAppleId":1234,"environment":"Production","hasMore":false,"revision":"r",
        "signedTransactions":[\(transaction)]}
        """
    static let status = """
        {"bundleId":"com.example.app","appAppleId":1234,"environment":"Production","data":[
        {"subscriptionGroupIdentifier":"1","lastTransactions":[{"status":1,"originalTransactionId":"1001",
        "signedTransactionInfo":\(transaction),"signedRenewalInfo":{"originalTransactionId":"1001",
        "autoRenewProductId":"pro.monthly","productId":"pro.monthly","autoRenewStatus":1,
        "environment":"Production","signedDate":"2026-11-20T00:00:00Z"}}]}]}
        """
    static let appTransaction = """
        {"bundleId":"com.example.app","appAppleId":1234,"applicationVersion":"60","originalApplicationVersion":"37",
        "originalPurchaseDate":"2023-03-01T10:00:00Z","receiptCreationDate":"2026-11-20T00:00:00Z",
        "receiptType":"Production","environment":"Production","signedDate":"2026-11-20T00:00:00Z",
        "appTransactionId":"705000000000001"}
        """
    static let rescind = """
        {"notificationType":"RESCIND_CONSENT","notificationUUID":"002e14d5-51f5-4503-b5a8-c3a1af68eb20",
        "version":"2.0","signedDate":"2026-11-21T00:00:00Z","appData":{"appAppleId":1234,
        "bundleId":"com.example.app","environment":"Production","signedAppTransactionInfo":\(appTransaction)}}
        """
    static let realtime = """
        {"originalTransactionId":"1001","appAppleId":1234,"productId":"pro.monthly","userLocale":"en-US",
        "requestIdentifier":"3db5c98d-8acf-4e29-831e-8e1f82f9f6e9","signedDate":"2026-11-21T00:00:00Z",
        "environment":"Production"}
        """
    static let rules = [
        "--rule", "premium: original_application_version < 42", "--rule",
        "pro: subscription \"pro.monthly\" active", "--now", "2026-11-22T00:00:00Z",
    ]

    @Test func historyResponseIsVerifiedElementByElement() throws {
        let workspace = try Workspace()
        let body = try workspace.sign(Self.history, name: "history")
        let text = try CLI.run(["--root", workspace.root, "--bundle-id", "com.example.app", body])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("response           HistoryResponse"))
        #expect(text.stdout.contains("elements[0] signedTransactions[0]: VALID  transaction  pro.monthly"))
        let json = try CLI.run(["--json", "--root", workspace.root, body])
        #expect(json.json?["format"] as? String == "server_api_response")
        #expect((json.json?["response"] as? [String: Any])?["kind"] as? String == "history_response")
        // Without the test root no element verifies: the whole response is invalid, its first element named.
        let untrusted = try CLI.run(["--json", body])
        #expect(untrusted.status == 2)
        #expect((untrusted.json?["message"] as? String)?.hasPrefix("elements[0]: untrusted_chain") == true)
    }

    @Test func responsesWorkOnePerLine() throws {
        let workspace = try Workspace()
        let body = try String(contentsOfFile: try workspace.sign(Self.history, name: "history"), encoding: .utf8)
        let app = try String(contentsOfFile: try workspace.sign(Self.appTransaction, name: "app"), encoding: .utf8)
        let lines = try CLI.run(
            ["--lines", "--format", "ndjson", "--quiet", "--root", workspace.root, "-"],
            stdin: Data("\(body)\n\(app)\n".utf8))
        #expect(lines.status == 0, "\(lines.stderr)")
        let reports = lines.stdout.split(separator: "\n")
        #expect(
            reports.count == 2 && String(reports[0]).contains("\"history_response\""),
            "\(reports.first?.prefix(400) ?? "")")
    }

    @Test func combineDecidesOnceForOneCustomer() throws {
        let workspace = try Workspace()
        let app = try workspace.sign(Self.appTransaction, name: "app")
        let body = try workspace.sign(Self.history, name: "history")
        let base = ["verify", "--combine", "--root", workspace.root, "--bundle-id", "com.example.app"] + Self.rules
        let granted = try CLI.run(base + ["--require", "premium", "--require", "pro", "--json", app, body])
        #expect(granted.status == 0, "\(granted.stdout)\(granted.stderr)")
        #expect(granted.json?["input"] as? String == "combined")
        #expect((granted.json?["inputs"] as? [Any])?.count == 2)
        // The AppTransaction alone has no subscription: pro is not granted.
        #expect(try CLI.run(base + ["--require", "pro", app]).status == 1)
        // Another app's input breaks the combination: nothing granted, exit 2, the input named.
        let other = try workspace.sign(
            Self.transaction.replacingOccurrences(of: "com.example.app", with: "com.example.other"), name: "other")
        let broken = try CLI.run(base + ["--require", "premium", app, body, other])
        #expect(broken.status == 2)
        #expect(
            broken.stdout.contains("other.jws is not valid (bundle_id_mismatch: bundle id is com.example.other"),
            "\(broken.stdout)")
    }

    @Test func combineNeedsABundleIDAndInputs() throws {
        let workspace = try Workspace()
        let app = try workspace.sign(Self.appTransaction, name: "app")
        let unbound = try CLI.run(["verify", "--combine", "--root", workspace.root, app])
        #expect(unbound.status == 64 && unbound.stderr.contains("--combine needs --bundle-id"))
        // An empty path list is no input found, as in any run (66); only blank lines are a usage error (64).
        let none = try CLI.run(["verify", "--combine", "--bundle-id", "com.example.app", "--files-from", "/dev/null"])
        #expect(none.status == 66 && none.stderr.contains("no input found in /dev/null"), "\(none.stderr)")
        #expect(try CLI.run(["inspect", "--combine", app]).status == 64)
    }

    @Test func newOptionsRefuseBadValues() throws {
        for (option, value, message) in [
            ("--app-apple-id", "abc", "--app-apple-id takes"), ("--app-apple-id", "-5", "--app-apple-id takes"),
            ("--device-verification-id", "aa:bb:cc:dd:ee:ff", "--device-verification-id takes"),
        ] {
            let result = try CLI.run(["verify", option, value, CLI.fixture("valid.receipt")])
            #expect(result.status == 64 && result.stderr.contains(message), "\(option) \(value): \(result.stderr)")
        }
    }

    @Test func appAppleIDAndDeviceVerificationThroughTheCLI() throws {
        let workspace = try Workspace()
        let app = try workspace.sign(Self.appTransaction, name: "app")
        #expect(try CLI.run(["--root", workspace.root, "--app-apple-id", "1234", app]).status == 0)
        let other = try CLI.run(["--json", "--root", workspace.root, "--app-apple-id", "99", app])
        #expect(other.status == 2 && other.json?["reason"] as? String == "app_apple_id_mismatch")
        let device = try CLI.run([
            "--json", "--root", workspace.root, "--device-verification-id", "3f2a9c1e-7b4d-4e8a-9f10-2c6b5d8e1a47", app,
        ])
        #expect(device.status == 2 && device.json?["reason"] as? String == "device_verification_mismatch")
    }

    @Test func notificationWithAppDataAndRealtimeRequest() throws {
        let workspace = try Workspace()
        let rescind = try workspace.sign(Self.rescind, name: "rescind")
        let text = try CLI.run(["--root", workspace.root, "--bundle-id", "com.example.app", rescind])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("appData.signedAppTransactionInfo: VALID"))
        #expect(text.stdout.contains("notification       RESCIND_CONSENT\n"))
        let realtime = try workspace.sign(Self.realtime, name: "realtime")
        let report = try CLI.run(["--json", "--root", workspace.root, "--app-apple-id", "1234", realtime])
        #expect(report.status == 0 && (report.json?["jws"] as? [String: Any])?["kind"] as? String == "realtime_request")
    }

    @Test func everyNewReportKindMatchesTheSchema() throws {
        let workspace = try Workspace()
        let scratch = try ScratchDirectory()
        let app = try workspace.sign(Self.appTransaction, name: "app")
        let history = try workspace.sign(Self.history, name: "history")
        let status = try workspace.sign(Self.status, name: "status")
        let notifications = try workspace.sign(
            #"{"hasMore":false,"notificationHistory":[{"signedPayload":\#(Self.rescind)}]}"#, name: "notifications")
        let rescind = try workspace.sign(Self.rescind, name: "rescind")
        let realtime = try workspace.sign(Self.realtime, name: "realtime")
        var files: [String] = []
        let batch = try CLI.run(
            [
                "inspect", "--format", "ndjson", "--quiet", "--root", workspace.root, app, history, status,
                notifications,
                rescind, realtime, history + "-missing",
            ])
        files.append(try scratch.write("batch.ndjson", Array(batch.stdout.utf8)))
        let untrusted = try CLI.run(["verify", "--format", "ndjson", "--quiet", history, notifications])
        files.append(try scratch.write("untrusted.ndjson", Array(untrusted.stdout.utf8)))
        let base = ["verify", "--combine", "--json", "--root", workspace.root, "--bundle-id", "com.example.app"]
        let combined = try CLI.run(base + Self.rules + [app, history, status])
        #expect(combined.status == 0, "\(combined.stdout)")
        files.append(try scratch.write("combined.json", Array(combined.stdout.utf8)))
        let refused = try CLI.run(base + Self.rules + [app, history, app + "-missing"])
        #expect(refused.status == 2)
        files.append(try scratch.write("refused.json", Array(refused.stdout.utf8)))
        try ReportSchemaTests.validate(files, expecting: 7 + 2 + 1 + 1)
    }

    /// examples/ci/storekit2: grandfathered, new and refunded customers, and two customers mixed.
    @Test func storeKit2ExampleScriptPasses() throws {
        let result = try CLI.run(
            URL(fileURLWithPath: "/bin/sh"),
            [
                CLI.packageRoot.appendingPathComponent("examples/ci/storekit2/check.sh").path,
                CLI.executable.path,
            ], stdin: nil)
        let text = result.stdout + result.stderr
        #expect(result.status == 0, "\(text)")
        for line in [
            "ok: app-grandfathered with history-grandfathered: exit 0", "ok: app-new with history-new: exit 0",
            "ok: app-refunded with history-refunded: exit 1", "ok: app-new with history-refunded: exit 2",
        ] {
            #expect(text.contains(line), "\(line)")
        }
    }

    /// A valid App Store Server API response is no receipt data: Apple's 21002, with why on standard
    /// error, from `--format verifyreceipt` and `--cgi` alike.
    @Test func aValidResponseIsNoReceiptData() throws {
        let workspace = try Workspace()
        let options = ["--root", workspace.root, "--bundle-id", "com.example.app"]
        for (body, kind) in [(Self.history, "HistoryResponse"), (Self.status, "StatusResponse")] {
            let response = try workspace.sign(body, name: kind)
            let valid = try CLI.run(["verify", "--json"] + options + [response])
            #expect(valid.status == 0, "\(kind): \(valid.stderr)")
            let batch = try CLI.run(["verify", "--format", "verifyreceipt"] + options + [response])
            #expect(batch.stdout == "{\"status\":21002}\n", "\(kind)")
            #expect(batch.stderr.contains("\(kind) is not receipt data"), "\(batch.stderr)")
            let cgi = try VerifyReceiptFormatTests.cgi(
                options, method: "POST", body: Array(try Data(contentsOf: URL(fileURLWithPath: response))),
                length: nil)
            #expect(cgi.body == "{\"status\":21002}\n", "\(kind)")
            #expect(cgi.log.contains("status 21002: an App Store Server API \(kind) is not receipt data"), "\(cgi.log)")
        }
        let jws = try workspace.sign(Self.transaction, name: "transaction")
        let single = try CLI.run(["verify", "--format", "verifyreceipt"] + options + [jws])
        #expect(single.stdout == "{\"status\":21002}\n")
        #expect(single.stderr.contains("a StoreKit 2 JWS (transaction) is not receipt data"), "\(single.stderr)")
    }
}
