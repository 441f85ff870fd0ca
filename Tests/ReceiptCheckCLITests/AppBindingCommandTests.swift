import Foundation
import Testing

/// No grant without proof that the input is for this app and this environment: the server
/// recipe of docs/grandfathering.md against an Apple-signed (here: test-PKI-signed) sandbox AppTransaction of another app.
@Suite struct AppBindingCommandTests {
    static func sandboxAppTransaction(bundleID: String) -> String {
        """
        {"bundleId":"\(bundleID)","applicationVersion":"50","originalApplicationVersion":"1.0",
         "originalPurchaseDate":"2024-03-01T10:00:00Z","receiptCreationDate":"2024-05-01T00:00:00Z",
         "receiptType":"Sandbox","environment":"Sandbox","signedDate":"2024-05-01T00:00:00Z"}
        """
    }

    static let rules = ["--rule", "premium: original_application_version < 42", "--require", "premium"]

    @Test(arguments: [["--rule", "premium: product \"a\""], ["--rules", "/dev/null"], rules])
    func rulesOnVerifyNeedABundleID(_ options: [String]) throws {
        let result = try CLI.run(["verify"] + options + [CLI.fixture("valid.receipt")])
        #expect(result.status == 64)
        #expect(result.stderr.contains("needs --bundle-id"), "\(result.stderr)")
        #expect(result.stderr.contains("of any other app"))
    }

    @Test func anotherAppsSandboxAppTransactionIsNotGranted() throws {
        let workspace = try JWSSigningCommandTests.Workspace()
        let jws = try workspace.sign(Self.sandboxAppTransaction(bundleID: "com.attacker.app"))
        let recipe =
            [
                "verify", "--json", "--root", workspace.root, "--bundle-id", "com.example.app", "--environment",
                "production",
            ]
            + Self.rules
        let result = try CLI.run(recipe + [jws])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.json?["reason"] as? String == "bundle_id_mismatch")
        let entitlements = try #require(result.json?["entitlements"] as? [[String: Any]])
        #expect(entitlements.first?["granted"] as? Bool == false)
    }

    /// The app's own sandbox AppTransaction says 1.0: unknown (exit 3) unless the run names the sandbox.
    @Test func sandboxOriginalVersionIsUnknownUnlessTheSandboxIsNamed() throws {
        let workspace = try JWSSigningCommandTests.Workspace()
        let jws = try workspace.sign(Self.sandboxAppTransaction(bundleID: "com.example.app"))
        let base = ["verify", "--json", "--root", workspace.root, "--bundle-id", "com.example.app"] + Self.rules
        let unnamed = try CLI.run(base + [jws])
        #expect(unnamed.status == 3, "\(unnamed.stdout)\(unnamed.stderr)")
        let entitlements = try #require(unnamed.json?["entitlements"] as? [[String: Any]])
        #expect(entitlements.first?["reason_code"] as? String == "test_environment_version")
        let reasons = entitlements.first?["reasons"] as? [String] ?? []
        #expect(reasons.first?.contains("comes from a sandbox AppTransaction") == true, "\(reasons)")
        #expect(try CLI.run(base + ["--environment", "production", jws]).status == 2)
        #expect(try CLI.run(base + ["--environment", "sandbox", jws]).status == 0)
    }

    /// inspect analyses inputs of any app: the rules' reasons show, and nothing is granted unbound.
    @Test func inspectWithoutABundleIDGrantsNothingAndSaysWhy() throws {
        let workspace = try JWSSigningCommandTests.Workspace()
        let jws = try workspace.sign(Self.sandboxAppTransaction(bundleID: "com.example.app"))
        let inspect = ["inspect", "--root", workspace.root, "--environment", "sandbox"] + Self.rules
        let json = try CLI.run(inspect + ["--json", jws])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.json?["bound_to_app"] as? Bool == false)
        let warnings = try #require(json.json?["warnings"] as? [String])
        #expect(warnings.first?.hasPrefix("decisions are not bound to an app") == true, "\(warnings)")
        let entitlements = try #require(json.json?["entitlements"] as? [[String: Any]])
        #expect(entitlements.first?["granted"] as? Bool == false)
        #expect(
            entitlements.first?["reasons"] as? [String] == [
                "not granted: the rules hold, but the decision is not bound to an app (no --bundle-id), so the input "
                    + "may be any app's",
                "original application version 1.0 < 42 (sandbox AppTransaction: 1.0 is not the real original version)",
            ])
        let text = try CLI.run(inspect + [jws])
        #expect(text.stdout.contains("! decisions are not bound to an app"), "\(text.stdout)")
        #expect(text.stdout.contains("denied  premium: not granted: the rules hold"), "\(text.stdout)")
        let bound = try CLI.run(inspect + ["--json", "--bundle-id", "com.example.app", jws])
        #expect(bound.json?["bound_to_app"] as? Bool == true)
        #expect((bound.json?["entitlements"] as? [[String: Any]])?.first?["granted"] as? Bool == true)
        #expect((bound.json?["warnings"] as? [String])?.contains { $0.contains("not bound") } == false)
    }
}
