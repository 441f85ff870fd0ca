import Foundation
import Testing

/// Grandfathering never decides silently across platforms: without `--platform`, a plain version threshold
/// is warned about, whether the input names where the app was first bought (an AppTransaction's
/// `originalPlatform`) or not (a receipt, an older AppTransaction).
@Suite(.timeLimit(.minutes(10))) struct PlatformWarningCommandTests {
    typealias Workspace = JWSSigningCommandTests.Workspace

    static func appTransaction(version: String, platform: String) -> String {
        JWSSigningCommandTests.appTransaction(originalVersion: version).replacingOccurrences(
            of: #""receiptType""#, with: #""originalPlatform":"\#(platform)","receiptType""#)
    }

    static func warnings(_ result: CLI.Result) -> [String] {
        result.json?["warnings"] as? [String] ?? []
    }

    /// Mac-first at 1.2.3 and iOS-first at build 37, no `--platform`: each is decided as its input says
    /// and warned about; with the matching `--platform`, no warning.
    @Test(arguments: [
        ("macOS", "1.2.3", "macos", "the marketing version"), ("iOS", "37", "ios", "the build number"),
    ])
    func aNamedPlatformWithoutPlatformOptionWarns(
        _ original: String, _ version: String, _ platform: String, _ meaning: String
    ) throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(Self.appTransaction(version: version, platform: original))
        let base = ["--json", "--root", workspace.root] + JWSSigningCommandTests.grandfather
        let unnamed = try CLI.run(base + [jws])
        #expect(unnamed.status == 0, "\(unnamed.stdout)\(unnamed.stderr)")
        #expect(
            Self.warnings(unnamed) == [
                "no --platform given: the AppTransaction was first bought on \(original), so its "
                    + "originalApplicationVersion \(version) is \(meaning); a plain threshold compares it as such "
                    + "whatever platform it was written for: give one per platform (< ios:42 macos:2.0) or say "
                    + "which with --platform"
            ], "\(unnamed.stdout)")
        let named = try CLI.run(base + ["--platform", platform, jws])
        #expect(named.status == 0, "\(named.stdout)\(named.stderr)")
        #expect(Self.warnings(named).isEmpty, "\(named.stdout)")
    }

    /// The text report shows the warning under the decision.
    @Test func theTextReportShowsTheWarning() throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(Self.appTransaction(version: "1.2.3", platform: "macOS"))
        let result = try CLI.run(["--root", workspace.root] + JWSSigningCommandTests.grandfather + [jws])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("! no --platform given: the AppTransaction was first bought on macOS"))
    }

    /// An AppTransaction without `originalPlatform` and a receipt (which never names a platform) warn too.
    @Test func anUnnamedPlatformWarnsAsBefore() throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(JWSSigningCommandTests.appTransaction(originalVersion: "37"))
        let transaction = try CLI.run(
            ["--json", "--root", workspace.root] + JWSSigningCommandTests.grandfather + [jws])
        #expect(Self.warnings(transaction).first?.hasPrefix("no --platform given: the AppTransaction's") == true)
        let receipt = workspace.path + "/early.receipt"
        let spec = try String(
            contentsOfFile: CLI.packageRoot.appendingPathComponent("examples/ci/new-user.json").path, encoding: .utf8
        )
        .replacingOccurrences(
            of: #""original_application_version": "45""#, with: #""original_application_version": "37""#)
        let made = try CLI.run(
            ["make-receipt", "--spec", "-", "--pki", CLI.fixture("pki"), "-o", receipt], stdin: Data(spec.utf8))
        #expect(made.status == 0, "\(made.stderr)")
        let rules = [
            "--json", "--root", CLI.fixture("pki/root.pem"), "--bundle-id", "com.example.receiptcheck",
            "--environment", "production", "--now", "2024-05-02", "--rule",
            "premium: original_application_version < 42", "--require", "premium",
        ]
        let unnamed = try CLI.run(rules + [receipt])
        #expect(unnamed.status == 0, "\(unnamed.stdout)\(unnamed.stderr)")
        #expect(
            Self.warnings(unnamed).first?.hasPrefix("no --platform given: the original application version (field 19)")
                == true, "\(unnamed.stdout)")
        let named = try CLI.run(rules + ["--platform", "ios", receipt])
        #expect(Self.warnings(named).first?.hasPrefix("iOS: the original application version") == true)
        // A Mac app's receipt: the same version read as a marketing version, and said so.
        let mac = try CLI.run(rules + ["--platform", "macos", receipt])
        #expect(mac.status == 0, "\(mac.stdout)\(mac.stderr)")
        #expect(Self.warnings(mac).first?.hasPrefix("macOS: the original application version") == true)
    }
}
