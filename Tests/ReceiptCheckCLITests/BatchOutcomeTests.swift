import Foundation
import Testing

/// A batch says what happened to each path: not there, a directory without -r, nothing found.
@Suite(.timeLimit(.minutes(10))) struct BatchOutcomeTests {
    static let root = ["--root", CLI.fixture("pki/root.pem")]

    static func object(_ json: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func aPathThatDoesNotExistIsUnreadableAndExits66() throws {
        let scratch = try ScratchDirectory()
        let missing = scratch.path + "/missing.receipt"
        let json = try CLI.run(Self.root + ["--json", missing])
        #expect(json.status == 66, "\(json.stderr)")
        let report = try Self.object(json.stdout)
        #expect(report["status"] as? String == "unreadable")
        #expect(report["reason"] as? String == "unreadable_input")
        let text = try CLI.run(Self.root + [missing])
        #expect(text.status == 66)
        #expect(text.stdout.hasPrefix("\(missing): UNREADABLE\n  why: cannot open \(missing): No such file"))
        let inspected = try CLI.run(["inspect", missing])
        #expect(inspected.status == 66, "inspect exits 0 only when every input could be decoded")
        let batch = try CLI.run(Self.root + [CLI.fixture("valid.receipt"), missing])
        #expect(batch.status == 66)
        #expect(batch.stderr.contains(": valid 1, unreadable 1 (unreadable_input 1)"), "\(batch.stderr)")
    }

    @Test func aDirectoryWithoutRecursiveSuggestsIt() throws {
        let scratch = try ScratchDirectory()
        let result = try CLI.run(Self.root + [scratch.path])
        #expect(result.status == 66)
        #expect(
            result.stderr.contains("\(scratch.path) is a directory; use -r (--recursive) to verify the files under it"),
            "\(result.stderr)")
        let lines = try CLI.run(Self.root + ["--lines", scratch.path])
        #expect(lines.status == 66)
        #expect(lines.stderr.contains("is a directory; use -r (--recursive)"), "\(lines.stderr)")
    }

    @Test func aBatchThatFindsNoInputSaysSoAndExits66() throws {
        let scratch = try ScratchDirectory()
        let empty = scratch.path + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        let recursive = try CLI.run(Self.root + ["-r", "-q", empty])
        #expect(recursive.status == 66)
        #expect(recursive.stdout.isEmpty)
        #expect(
            recursive.stderr == "receipt-check: error: no input found in \(empty): nothing was verified\n",
            "\(recursive.stderr)")
        let list = try scratch.write("list.txt", [])
        let listed = try CLI.run(Self.root + ["--files-from", list, "--format", "ndjson"])
        #expect(listed.status == 66)
        #expect(listed.stderr.contains("no input found in \(list): nothing was verified"), "\(listed.stderr)")
        // One decision over no input is no input either, not a usage error.
        let combined = try CLI.run(Self.root + ["--combine", "--bundle-id", "com.example.app", "-r", empty])
        #expect(combined.status == 66, "\(combined.stderr)")
        #expect(combined.stdout.isEmpty)
        #expect(
            combined.stderr == "receipt-check: error: no input found in \(empty): nothing was verified\n",
            "\(combined.stderr)")
        // A filter's empty chunk of lines is no input missing: the stream itself was found.
        let stream = try CLI.run(Self.root + ["--lines", "--format", "ndjson"], stdin: Data())
        #expect(stream.status == 0, "\(stream.stderr)")
    }

    @Test func aReasonNeverRepeatsItsStatus() throws {
        let scratch = try ScratchDirectory()
        let receipt = try Array(Data(contentsOf: URL(fileURLWithPath: CLI.fixture("valid.receipt"))))
        let truncated = try scratch.write("truncated.receipt", Array(receipt.prefix(100)))
        let text = try CLI.run(Self.root + [truncated])
        #expect(text.status == 65)
        #expect(text.stdout.hasPrefix("\(truncated): MALFORMED\n  why: not a valid PKCS#7 container"), "\(text.stdout)")
        let json = try CLI.run(Self.root + ["--json", truncated])
        #expect(try Self.object(json.stdout)["reason"] as? String == "malformed")
        let empty = try scratch.write("empty.receipt", [])
        #expect(try CLI.run(Self.root + [empty]).stdout.hasPrefix("\(empty): MALFORMED (empty_input)\n"))
    }

    @Test func makeReceiptReadsItsSpecFromStandardInput() throws {
        let scratch = try ScratchDirectory()
        let spec = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("examples/ci/new-user.json"))
        let output = scratch.path + "/stdin.receipt"
        let made = try CLI.run(["make-receipt", "--spec", "-", "--pki", CLI.fixture("pki"), "-o", output], stdin: spec)
        #expect(made.status == 0, "\(made.stderr)")
        let verified = try CLI.run(Self.root + ["--json", output])
        #expect(verified.status == 0, "\(verified.stderr)")
        let receipt = try #require(try Self.object(verified.stdout)["receipt"] as? [String: Any])
        #expect(receipt["original_application_version"] as? String == "45")
    }
}
