import Foundation
import TestSupport
import Testing

/// A near miss of an `api` OPERATION or of a command gets a "did you mean" (exit 64); `api --help` shows only
/// the formats that apply to Apple's answers.
@Suite(.timeLimit(.minutes(10))) struct NameSuggestionCommandTests {
    @Test(arguments: [
        ("get-transaction-histroy", "get-transaction-history"),
        ("get-all-subscription-status", "get-all-subscription-statuses"),
        ("look-up-order", "look-up-order-id"),
    ])
    func aMisspelledOperationIsNamed(_ typed: String, _ meant: String) throws {
        let result = try CLI.run(["api", typed, "1"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "receipt-check: error: no OPERATION '\(typed)' (did you mean '\(meant)'?); the man page lists every OPERATION\n"
            ),
            "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// Nothing close: every operation is listed, as before.
    @Test func aFarOffOperationListsThemAll() throws {
        let result = try CLI.run(["api", "get-everything", "1"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("expected an OPERATION: get-transaction-history, "), "\(result.stderr)")
        #expect(!result.stderr.contains("did you mean"))
    }

    /// A first argument that names no file and is a near miss of a command; anything else is still an input.
    @Test func aMisspelledCommandIsNamed() throws {
        // Case is ignored alike in a name's start and in its spelling.
        let typos = [
            ("verfy", "verify"), ("insepct", "inspect"), ("signn", "sign"), ("Verify", "verify"), ("INSP", "inspect"),
        ]
        for (typed, meant) in typos {
            let result = try CLI.run([typed, "receipt"])
            #expect(result.status == 64, "\(typed): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix(
                    "receipt-check: error: no command or file '\(typed)' (did you mean '\(meant)'?); 'receipt-check help' lists them\n"
                ),
                "\(result.stderr)")
        }
        let missing = try CLI.run(["no-such-receipt"])
        #expect(missing.status == 66, "\(missing.stderr)")
        #expect(try CLI.run(["verfy.receipt"]).status == 66)
        // One letter is no typo of a name; a start two names share (verify, version) means neither.
        #expect(try CLI.run(["v"]).status == 66)
        #expect(try CLI.run(["a"]).status == 66)
        #expect(try CLI.run(["i"]).status == 66)
        #expect(try CLI.run(["ve"]).status == 66)
        #expect(try CLI.run(["VER"]).status == 66)
        // What looks like a path is a path, however close to a name.
        #expect(try CLI.run(["sign/"]).status == 66)
        #expect(try CLI.run(["sig.n"]).status == 66)
        #expect(try CLI.run([CLI.fixture("valid.receipt"), "--root", CLI.fixture("pki/root.pem")]).status == 0)
        // A file of that name is the input it always was.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            atPath: CLI.fixture("valid.receipt"), toPath: directory.appendingPathComponent("verfy").path)
        let file = try ChildProcess.run(
            CLI.executable, ["verfy", "--root", CLI.fixture("pki/root.pem")], stdin: nil, environment: nil,
            directory: directory, timeout: CLI.defaultTimeout)
        #expect(file.status == 0, "\(String(decoding: file.stderr, as: UTF8.self))")
    }

    /// `api --help` shows --format's formats for Apple's answers only; verify's still lists verifyreceipt.
    @Test func apiHelpListsOnlyTheFormatsThatApply() throws {
        let api = try CLI.run(["api", "--help"])
        #expect(api.status == 0)
        #expect(!api.stdout.contains("verifyreceipt"), "\(api.stdout)")
        #expect(api.stdout.contains("(text|json|ndjson|html)"))
        let verify = try CLI.run(["verify", "--help"])
        #expect(verify.stdout.contains("(text|json|ndjson|verifyreceipt|html)"))
    }
}
