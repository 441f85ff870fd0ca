import Foundation
import ReceiptKit
import TestSupport
import Testing

@testable import ReceiptCheckCLI

/// `receipt-check api` where no server is needed: credentials from the environment, the key file's
/// permissions, the key never shown, usage errors, an unreachable server (exit 75, never a decision),
/// and libcurl loaded by `api` only. Against a real HTTPS server: `make test-api`.
@Suite(.timeLimit(.minutes(10))) struct APICommandTests {
    /// A closed port on this machine: the connection is refused at once.
    static let unreachable = ["--base-url", "https://127.0.0.1:9", "--retries", "0"]

    static func environment(_ keys: SigningKeyFiles, _ extra: [String: String] = [:]) -> [String: String] {
        var variables = ProcessInfo.processInfo.environment
        variables["RECEIPT_CHECK_KEY_FILE"] = keys.good
        variables["RECEIPT_CHECK_KEY_ID"] = SigningKeyFiles.keyID
        variables["RECEIPT_CHECK_ISSUER_ID"] = SigningKeyFiles.issuerID
        variables["RECEIPT_CHECK_BUNDLE_ID"] = SigningKeyFiles.bundleID
        variables["RECEIPT_CHECK_ENVIRONMENT"] = "sandbox"
        return variables.merging(extra) { _, new in new }
    }

    static func api(_ arguments: [String], environment: [String: String]? = nil) throws -> CLI.Result {
        try CLI.run(CLI.executable, ["api"] + arguments, stdin: nil, environment: environment)
    }

    @Test func credentialsComeFromTheEnvironment() throws {
        let keys = try SigningKeyFiles()
        let result = try Self.api(
            ["get-transaction-info", "1000"] + Self.unreachable, environment: Self.environment(keys))
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("gave up after 1 attempt") && result.stdout.isEmpty, "\(result.stderr)")
        #expect(!result.stderr.contains("deprecated"), "\(result.stderr)")

        var none = ProcessInfo.processInfo.environment
        for name in ["KEY_FILE", "KEY_ID", "ISSUER_ID", "BUNDLE_ID", "ENVIRONMENT"] {
            none["RECEIPT_CHECK_API_" + name] = nil
            none["RECEIPT_CHECK_" + name] = nil
        }
        none["RECEIPT_CHECK_SIGNING_KEY"] = nil
        let missing = try Self.api(["get-transaction-info", "1000"] + Self.unreachable, environment: none)
        #expect(missing.status == 64)
        #expect(
            missing.stderr.contains("api needs --key (or $RECEIPT_CHECK_KEY_FILE), --key-id"), "\(missing.stderr)")
    }

    @Test func keyReadableByOthersIsWarnedAboutAndNeverShown() throws {
        let keys = try SigningKeyFiles()
        let arguments = ["get-transaction-info", "1000"] + Self.unreachable
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keys.good)
        let quiet = try Self.api(arguments, environment: Self.environment(keys))
        #expect(!quiet.stderr.contains("warning"), "\(quiet.stderr)")
        // Readable by its group alone is enough for the warning.
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: keys.good)
        let warned = try Self.api(arguments, environment: Self.environment(keys))
        #expect(
            warned.stderr.contains("can be read by its group or others (mode 640): chmod 600 it"), "\(warned.stderr)")
        let body = try keys.goodBody
        #expect(!body.isEmpty && !(warned.stdout + warned.stderr).contains(body))
    }

    @Test func usageErrorsExit64() throws {
        let keys = try SigningKeyFiles()
        let environment = Self.environment(keys)
        let cases: [([String], String)] = [
            (["get-everything"], "expected an OPERATION: get-transaction-history, "),
            (["get-transaction-info"], "get-transaction-info takes 1 argument: get-transaction-info TRANSACTION_ID"),
            (
                ["get-transaction-info", "1", "--environment", "xcode"],
                "--environment takes production, sandbox or auto"
            ),
            (
                [
                    "set-app-account-token", "1", "--body", "-", "--app-account-token",
                    "7e3fb20b-4cdb-47cc-936d-99d65f608138",
                ],
                "--body and the flags for appAccountToken contradict"
            ),
            (["configure-realtime-url"], "needs a request body"),
            (["get-transaction-info", "1", "--with", "x.jws"], "--with adds inputs to --combine"),
            (
                ["get-transaction-info", "1", "--format", "verifyreceipt"],
                "'verifyreceipt' is not one of text, json, ndjson, html"
            ),
            (
                ["get-transaction-info", "1", "--base-url", "http://127.0.0.1:9"],
                "--base-url takes a URL starting https:// and a host"
            ),
            (
                ["get-all-subscription-statuses", "1", "--status", "9"],
                "--status takes a subscription status from 1 to 5"
            ),
            (
                ["extend-subscription-renewal-date", "1", "--extend-by-days", "91", "--extend-reason-code", "1"],
                "--extend-by-days takes a number of days from 1 to 90, not '91'"
            ),
            (
                ["extend-subscription-renewal-date", "1", "--extend-by-days", "0", "--extend-reason-code", "1"],
                "--extend-by-days takes a number of days from 1 to 90, not '0'"
            ),
            (
                ["extend-subscription-renewal-date", "1", "--extend-by-days", "30", "--extend-reason-code", "4"],
                "--extend-reason-code takes Apple's reason code from 0 to 3, not '4'"
            ),
            (["get-notification-history", "--start-date", "-1"], "--start-date takes a whole number, not '-1'"),
            (
                ["get-transaction-info", "1", "--all-pages"],
                "--all-pages: get-transaction-info answers in one page; these have pages: get-transaction-history, "
            ),
            (
                ["get-notification-history", "--start-date", "1", "--end-date", "2", "--revision", "r1"],
                "--revision: get-notification-history resumes with --pagination-token"
            ),
            (
                ["get-refund-history", "1", "--pagination-token", "p1"],
                "--pagination-token: get-refund-history resumes with --revision"
            ),
        ]
        for (arguments, message) in cases {
            let result = try Self.api(arguments, environment: environment)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    /// Each option that asks for a decision, as a command line gives it.
    static func decisionArguments(_ scratch: ScratchDirectory) throws -> [[String]] {
        let rules = try scratch.write("pro.rules", Array("pro: product \"pro.monthly\"\n".utf8))
        let facts = try scratch.write("facts.json", Array(#"{"free_reads":3}"#.utf8))
        return [
            ["--rule", "pro: product \"pro.monthly\""], ["--rules", rules], ["--require", "pro"],
            ["--platform", "ios"], ["--now", "2024-01-31T12:00:00Z"], ["--reminder-days", "2"],
            ["--fact", "free_reads=3"], ["--facts", facts], ["--trial-days", "7"], ["--max-age", "P3D"],
            ["--combine"], ["--combine", "--with", rules],
        ]
    }

    /// Every operation whose answer Apple does not sign (or that has none) refuses every decision option
    /// with a usage error; an operation with a signed answer takes them. Checked on the parsed command
    /// line of each pair, then end to end: the refusal comes before anything is sent (the server given
    /// cannot be reached, so a request sent would be 75).
    @Test func decisionOptionsOnlyWithASignedAnswer() throws {
        let scratch = try ScratchDirectory()
        let options = try Self.decisionArguments(scratch)
        let covered = Set(options.flatMap { $0.filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) } })
        #expect(covered == Set(APIOptionTable.decisionOptions.map(\.name)), "a decision option this test does not give")
        // Apple signs the answers of these fourteen (JWS elements); the rest answer unsigned JSON or nothing.
        let signed: Set = [
            "get-transaction-history", "get-transaction-info", "get-all-subscription-statuses", "get-refund-history",
            "get-app-transaction-info", "look-up-order-id", "get-notification-history", "get-test-notification-status",
            "cancel-subscription", "change-subscription-metadata", "change-subscription-price", "migrate-subscription",
            "revoke-subscription", "request-transaction-refund",
        ]
        #expect(Set(AppStoreServerAPIOperation.allCases.filter(\.takesRules).map(\.rawValue)) == signed)
        for operation in AppStoreServerAPIOperation.allCases {
            let operands = APIRequestArguments.operands(of: operation).map { _ in "1000" }
            for option in options + [[]] {
                let arguments = try CommandLineReader.parse(
                    ArraySlice([operation.rawValue] + operands + option), for: APICommand.spec)
                do throws(UsageError) {
                    try APIOptionTable.refuseDecisions(on: operation, arguments)
                    #expect(operation.takesRules || option.isEmpty, "\(operation.rawValue) \(option) was taken")
                } catch {
                    let answer = operation.responseShape == .empty ? "no body" : "nothing Apple signs"
                    let flags = option.filter { $0.hasPrefix("--") }.joined(separator: ", ")
                    let said = "\(flags): \(operation.rawValue) answers with \(answer), so there is nothing to decide"
                    #expect(
                        !operation.takesRules && !option.isEmpty && error.message.hasPrefix(said),
                        "\(operation.rawValue) \(option): \(error.message)")
                }
            }
        }
        let keys = try SigningKeyFiles()
        let environment = Self.environment(keys)
        let rules = ["--rule", "pro: product \"pro.monthly\"", "--require", "pro"]
        let refused = try Self.api(["finish-transaction", "1000"] + rules + Self.unreachable, environment: environment)
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "--rule, --require: finish-transaction answers with no body, so there is nothing to decide on"),
            "\(refused.stderr)")
        let sent = try Self.api(["get-transaction-info", "1000"] + rules + Self.unreachable, environment: environment)
        #expect(sent.status == 75, "\(sent.stdout)\(sent.stderr)")
    }

    @Test func libcurlThatCannotBeLoadedIsAClearError() throws {
        let keys = try SigningKeyFiles()
        let environment = Self.environment(keys, ["RECEIPT_CHECK_LIBCURL": "/nonexistent/libcurl.so.4"])
        let result = try Self.api(["get-transaction-info", "1000"] + Self.unreachable, environment: environment)
        // No request could be sent: the transport is unavailable (69), not a fault of the tool (70).
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("cannot load libcurl (/nonexistent/libcurl.so.4"), "\(result.stderr)")
    }

    /// `verify` never maps libcurl (its cost must not grow); `api` loads it when it sends. The dynamic
    /// loader's own trace says which libraries a process opened.
    @Test(.enabled(if: isLinux)) func onlyAPILoadsLibcurl() throws {
        let keys = try SigningKeyFiles()
        let traced = Self.environment(keys, ["LD_DEBUG": "libs"])
        let verify = try CLI.run(
            CLI.executable, [CLI.fixture("valid.receipt"), "--root", CLI.fixture("pki/root.der")], stdin: nil,
            environment: traced)
        #expect(verify.status == 0, "\(verify.stdout)")
        #expect(!verify.stderr.contains("libcurl"))
        let api = try Self.api(["get-transaction-info", "1000"] + Self.unreachable, environment: traced)
        #expect(api.status == 75)
        #expect(api.stderr.contains("libcurl.so"))
    }

    static let isLinux: Bool = {
        #if os(Linux)
            true
        #else
            false
        #endif
    }()
}
