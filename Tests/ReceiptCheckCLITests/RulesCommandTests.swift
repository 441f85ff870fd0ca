import Foundation
import Testing

@Suite(.timeLimit(.minutes(10))) struct RulesCommandTests {
    static let production = "receipts/tpinapp-11.receipt"
    static let app = ["--bundle-id", "org.getpure.pure-iphone"]

    @Test func grantedRequirementExitsZero() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let result = try CLI.run(
            ["verify"] + Self.app + [
                "--rule", "premium: original_application_version < 435", "--require", "premium", "--platform",
                "ios", path,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("GRANTED premium: original application version 434 < 435 (the iOS build number)"))
        #expect(result.stdout.contains("timeline:"))
        // One row per product on a shared axis: the week, then a month renewed once, a gap, a month again.
        #expect(result.stdout.contains("org.getpure.pure.Week  |P==]" + String(repeating: " ", count: 56) + "|"))
        #expect(
            result.stdout.contains(
                "org.getpure.pure.Month |" + String(repeating: " ", count: 18)
                    + "P==========r===========       P==========]|"))
    }

    @Test func refusedRequirementOfAValidReceiptExitsOne() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let result = try CLI.run(
            ["verify"] + Self.app + [
                "--json", "--rule", "premium: original_application_version < 434", "--require", "premium",
                "--now", "2023-07-01T00:00:00Z", path,
            ])
        #expect(result.status == 1, "\(result.stderr)")
        let object = try #require(result.json)
        #expect(object["status"] as? String == "valid")
        #expect(object["evaluated_at"] as? String == "2023-07-01T00:00:00Z")
        let entitlements = try #require(object["entitlements"] as? [[String: Any]])
        #expect(entitlements.count == 1)
        #expect(entitlements.first?["name"] as? String == "premium")
        #expect(entitlements.first?["granted"] as? Bool == false)
        #expect(entitlements.first?["reasons"] as? [String] == ["original application version 434 is not < 434"])
        let warnings = try #require(object["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("no --platform given") })
        let subscriptions = try #require(object["subscriptions"] as? [[String: Any]])
        #expect(
            subscriptions.map { $0["product_id"] as? String } == ["org.getpure.pure.Week", "org.getpure.pure.Month"])
        #expect(subscriptions.map { $0["state"] as? String } == ["expired", "active"])
        #expect(subscriptions.last?["period_start"] as? String == "2023-06-28T13:54:08Z")
    }

    @Test func invalidReceiptNeverGrantsAndExitsTwo() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let result = try CLI.run([
            "verify", "--json", "--bundle-id", "com.example.other", "--rule",
            "premium: original_application_version < 1000",
            "--require", "premium", path,
        ])
        #expect(result.status == 2, "\(result.stderr)")
        let object = try #require(result.json)
        let entitlements = try #require(object["entitlements"] as? [[String: Any]])
        #expect(entitlements.first?["granted"] as? Bool == false)
        let reasons = try #require(entitlements.first?["reasons"] as? [String])
        #expect(reasons.count == 1 && reasons[0].hasPrefix("receipt is not valid: "))
    }

    @Test func ruleParseErrorIsAUsageError() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let result = try CLI.run(["verify"] + Self.app + ["--rule", "premium: original_application_version 42", path])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix(
                "receipt-check: error: --rule 'premium: original_application_version 42': column 39: "
                    + "expected a comparison operator, found \"42\"\n"
            ))
    }

    @Test func rulesFileErrorNamesFileAndLine() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("rules.txt")
        try "# grandfathering\n\npremium: original_application_version 42\n".write(
            to: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["verify"] + Self.app + ["--rules", file.path, path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("\(file.path):3: column 39: expected a comparison operator, found \"42\""))

        try
            "# grandfathering\npremium: original_application_version < 42\npremium: original_application_version < 435\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let granted = try CLI.run(["verify"] + Self.app + ["--rules", file.path, "--require", "premium", path])
        #expect(granted.status == 0, "\(granted.stderr)")
        #expect(granted.stdout.contains("GRANTED premium: \(file.path):3: original application version 434 < 435"))
    }

    @Test func requireWithoutADefiningRuleIsAUsageError() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let result = try CLI.run(
            ["verify"] + Self.app + ["--rule", "premium: product \"a\"", "--require", "pro", path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--require pro: no rule defines this entitlement (rules define premium)"))
        let none = try CLI.run(["verify"] + Self.app + ["--require", "premium", path])
        #expect(none.status == 64)
        #expect(none.stderr.contains("no rules were given"))
    }

    @Test func badRuleOptionValuesAreUsageErrors() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        for arguments in [["--platform", "android"], ["--now", "yesterday"], ["--reminder-days", "-1"]] {
            let result = try CLI.run(["verify"] + Self.app + ["--rule", "p: product \"a\""] + arguments + [path])
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("receipt-check: error: "), "\(arguments)")
        }
        let missing = try CLI.run(["verify"] + Self.app + ["--rules", "/nonexistent/rules.txt", path])
        #expect(missing.status == 66)
    }

    @Test func inspectShowsDecisionsWithoutEnforcingThem() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let result = try CLI.run([
            "inspect", "--rule", "premium: product \"none\"", "--require", "premium", "--now", "2024-02-24T00:00:00Z",
            path,
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("denied  premium: no purchase of \"none\" in the receipt"))
        // Years later the 2024 receipt cannot say what was bought or refunded since.
        let late = try CLI.run([
            "inspect", "--rule", "premium: product \"none\"", "--now", "2026-01-01T00:00:00Z", path,
        ])
        // It says how to judge the old receipt on purpose, in the command's flags.
        let judging =
            "(signed or created 2024-02-23T17:27:16Z, --max-age P3D; pass --now TIME to judge it at another time, "
            + "or pass --max-age none to turn the age check off)"
        #expect(late.stdout.contains(judging), "\(late.stdout)")
        let offline = try CLI.run([
            "inspect", "--rule", "premium: product \"none\"", "--now", "2026-01-01T00:00:00Z", "--max-age", "none",
            path,
        ])
        #expect(offline.stdout.contains("denied  premium: no purchase of \"none\" in the receipt"))
        let bad = try CLI.run(["inspect", "--rule", "p: product \"none\"", "--max-age", "3 days", path])
        #expect(bad.status == 64 && bad.stderr.contains("--max-age takes an ISO 8601 duration"))
    }

    @Test func withoutRuleOptionsTheReportIsUnchanged() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let object = try #require(try CLI.run(["verify", "--json", path]).json)
        #expect(object["entitlements"] == nil && object["warnings"] == nil && object["subscriptions"] == nil)
    }

    /// The CI example end to end: a test PKI, two signed receipts, exit 0 for the grandfathered user and 1
    /// for the new one.
    @Test func ciExampleScriptPasses() throws {
        let result = try CLI.run(
            URL(fileURLWithPath: "/bin/sh"),
            [CLI.packageRoot.appendingPathComponent("examples/ci/check.sh").path, CLI.executable.path], stdin: nil)
        let text = result.stdout + result.stderr
        #expect(result.status == 0, "\(text)")
        #expect(text.contains("ok: grandfathered: exit 0"))
        #expect(text.contains("ok: new-user: exit 1"))
    }
}
