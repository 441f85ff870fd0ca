import Foundation
import ReceiptKit
import Testing

@testable import ReceiptCheckCLI

/// Each entitlement is granted, denied or unknown, with a reason code, and `verify --require` exits 0, 1
/// or 3 for them: a backend tells "ask Apple again" from "no" without reading the reasons. The library's
/// `Verdict` gives the same decision and exit status as the command line.
@Suite(.timeLimit(.minutes(10))) struct DecisionContractTests {
    typealias Workspace = JWSSigningCommandTests.Workspace

    static let transaction = """
        {"transactionId":"7020","originalTransactionId":"7020","bundleId":"com.example.app",
        "productId":"com.example.pro","purchaseDate":"2026-08-15T00:00:00Z","type":"Non-Consumable",
        "environment":"Production","signedDate":"2026-09-01T00:00:00Z","appTransactionId":"705000000000002"}
        """

    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let rule: String
        let now: String
        let status: Int32
        let decision: String
        let code: String
        var extra: [String] = []
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "fresh grant", rule: #"pro: product "com.example.pro""#, now: "2026-09-02", status: 0,
            decision: "granted", code: "rule_satisfied"),
        Case(
            label: "denial", rule: #"pro: product "com.example.other""#, now: "2026-09-02", status: 1,
            decision: "denied", code: "not_purchased"),
        Case(
            label: "26 days old", rule: #"pro: product "com.example.pro""#, now: "2026-09-27", status: 3,
            decision: "unknown", code: "too_old_for_max_age"),
        Case(
            label: "a denial wins over an unknown", rule: #"pro: product "com.example.pro""#, now: "2026-09-27",
            status: 1, decision: "denied", code: "condition_not_met",
            extra: ["--rule", "other: never", "--require", "other"]),
    ]

    static func run(_ workspace: Workspace, _ jws: String, _ item: Case) throws -> CLI.Result {
        try CLI.run(
            [
                "verify", "--json", "--root", workspace.root, "--bundle-id", "com.example.app", "--now", item.now,
                "--rule", item.rule, "--require", "pro",
            ] + item.extra + [jws])
    }

    static func entitlement(_ result: CLI.Result, _ name: String) -> [String: Any] {
        (result.json?["entitlements"] as? [[String: Any]] ?? []).first { $0["name"] as? String == name } ?? [:]
    }

    @Test(arguments: cases) func eachDecisionHasItsExitStatusAndCode(_ item: Case) throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(Self.transaction)
        let result = try Self.run(workspace, jws, item)
        #expect(result.status == item.status, "\(result.stdout)\(result.stderr)")
        let decided = Self.entitlement(result, item.extra.isEmpty ? "pro" : "other")
        #expect(decided["decision"] as? String == item.decision, "\(result.stdout)")
        #expect(decided["reason_code"] as? String == item.code, "\(result.stdout)")
        #expect(decided["granted"] as? Bool == (item.decision == "granted"), "\(result.stdout)")

        // The library, deciding the same input, says the same.
        let root = try Certificate(derOrPEM: [UInt8](Data(contentsOf: URL(fileURLWithPath: workspace.root))))
        var options = ValidationOptions()
        options.bundleID = "com.example.app"
        let validator = try ReceiptValidator(policy: .custom(roots: [root]), options: options)
        let text = [item.rule] + stride(from: 1, to: item.extra.count, by: 4).map { item.extra[$0] }
        let required = ["pro"] + stride(from: 3, to: item.extra.count, by: 4).map { item.extra[$0] }
        let rules = RuleConfiguration(
            rules: try RuleSet.parse(file: text.joined(separator: "\n"), name: "rules"), required: required,
            time: try #require(ISO8601DateFormatter().date(from: item.now + "T00:00:00Z")))
        let verdict = validator.verdict(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: jws))), input: jws, rules: rules)
        #expect(verdict.decision.rawValue == item.decision)
        #expect(verdict.exitStatus == item.status)
    }

    /// The text and HTML reports mark an unknown entitlement as such, not as denied.
    @Test func reportsShowUnknown() throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(Self.transaction)
        let arguments = [
            "verify", "--root", workspace.root, "--bundle-id", "com.example.app", "--now", "2026-09-27", "--rule",
            #"pro: product "com.example.pro""#, "--require", "pro",
        ]
        let text = try CLI.run(arguments + [jws])
        #expect(text.status == 3 && text.stdout.contains("    unknown pro: "), "\(text.stdout)")
        let html = try CLI.run(arguments + ["--format", "html", jws])
        #expect(html.status == 3 && html.stdout.contains("<td>? unknown: ask Apple again</td>"), "\(html.stdout)")
    }

    /// A forgery is refused (exit 2) and grants nothing: denied, `input_not_valid`, never unknown.
    @Test func aForgeryIsRefusedNotUnknown() throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(Self.transaction)
        var text = try String(contentsOfFile: jws, encoding: .utf8).filter { $0 != "\n" }
        // The tenth character from the end changed (the last carries unused bits): the payload is as
        // signed, the signature is not.
        let index = text.index(text.endIndex, offsetBy: -10)
        text.replaceSubrange(index...index, with: text[index] == "A" ? "B" : "A")
        let forged = workspace.path + "/forged.jws"
        try Data(text.utf8).write(to: URL(fileURLWithPath: forged))
        let result = try Self.run(workspace, forged, Self.cases[0])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        let decided = Self.entitlement(result, "pro")
        #expect(decided["decision"] as? String == "denied" && decided["reason_code"] as? String == "input_not_valid")
    }

    /// A Mac-first AppTransaction against a plain threshold run for iOS: unknown (`platform_unknown`), exit 3.
    @Test func anotherPlatformsVersionIsUnknown() throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(PlatformWarningCommandTests.appTransaction(version: "1.2.3", platform: "macOS"))
        let result = try CLI.run(
            ["--json", "--root", workspace.root, "--platform", "ios"] + JWSSigningCommandTests.grandfather + [jws])
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        let decided = Self.entitlement(result, "premium")
        #expect(decided["decision"] as? String == "unknown" && decided["reason_code"] as? String == "platform_unknown")
    }

    /// examples/backend/decide.sh: a backend decides grant, deny, refresh or refuse from exit statuses and
    /// JSON alone, for a fresh transaction, a lapsed one, one too old and a forgery.
    @Test func backendExampleDecidesEachCase() throws {
        let result = try CLI.run(
            URL(fileURLWithPath: "/bin/sh"),
            [CLI.packageRoot.appendingPathComponent("examples/backend/decide.sh").path, CLI.executable.path],
            stdin: nil)
        let text = result.stdout + result.stderr
        #expect(result.status == 0, "\(text)")
        #expect(
            result.stdout.split(separator: "\n").filter { $0.hasPrefix("ok: ") } == [
                "ok: fresh transaction: grant rule_satisfied", "ok: lapsed subscription: deny expired",
                "ok: transaction 26 days old: refresh too_old_for_max_age",
                "ok: forged signature: refuse input_not_valid",
            ], "\(text)")
    }

    /// The schema lists every reason code the library declares, and the exit status 3 is the one documented.
    @Test func theSchemaListsEveryDecisionReason() throws {
        let schema = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("schema/report.schema.json"), encoding: .utf8)
        let missing = DecisionReason.allCases.map(\.rawValue).filter { !schema.contains("\"\($0)\"") }
        #expect(missing.isEmpty, "not in the schema: \(missing)")
        #expect(Decision.allCases.map(\.exitStatus) == [0, 1, 3])
        #expect(ExitStatus(rawValue: Decision.unknown.exitStatus) == .undecided)
        #expect(ExitStatus(rawValue: Decision.denied.exitStatus) == .notEntitled)
    }
}
