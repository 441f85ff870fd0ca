import Foundation
import Testing

/// What the tool prints for every corpus input, compared byte for byte with the files in `Golden/`: the
/// values are a contract, so a change shows here first. `GOLDEN_UPDATE=1 make test` (or `make golden`)
/// rewrites the files; the diff then says exactly what a change alters.
@Suite struct CorpusGoldenTests {
    struct Run: CustomTestStringConvertible, Sendable {
        let file: String
        let arguments: [String]
        var testDescription: String { file }
    }

    static let runs = [
        Run(
            file: "verify.ndjson",
            arguments: ["verify", "--format", "ndjson", "-q", "-j", "1", "-r", "receipts", "jws", "negative"]),
        Run(
            file: "verify-apple-test-root.ndjson",
            arguments: [
                "verify", "--format", "ndjson", "-q", "-j", "1", "--root", "jws/roots/apple-asslib-testCA.der",
                "-r", "jws/apple-library-test",
            ]),
        Run(
            file: "verify-storekit-testing.ndjson",
            arguments: [
                "verify", "--format", "ndjson", "-q", "-j", "1", "--storekit-test-cert",
                "jws/roots/xcode-storekit-testing-selfsigned.cer", "-r", "jws/xcode",
            ]),
        Run(file: "verify.txt", arguments: ["verify", "-q", "-j", "1", "-r", "receipts", "jws", "negative"]),
        Run(file: "inspect.txt", arguments: ["inspect", "-q", "-j", "1", "-r", "receipts", "jws", "negative"]),
    ]

    static let goldenDirectory = CLI.packageRoot.appendingPathComponent("Tests/ReceiptCheckCLITests/Golden")

    @Test(arguments: runs)
    func corpusOutputIsUnchanged(_ run: Run) throws {
        guard CLI.corpusFile("MANIFEST.json") != nil else { return }
        let quoted = ([CLI.executable.path] + run.arguments).map { "'\($0)'" }.joined(separator: " ")
        let result = try CLI.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "cd '\(CLI.corpus.path)' && exec \(quoted)"], stdin: nil)
        let stderr = result.stderr.isEmpty ? "" : "--- standard error ---\n" + result.stderr
        let actual = Self.normalized(result.stdout + stderr + "--- exit status \(result.status) ---\n")
        let url = Self.goldenDirectory.appendingPathComponent(run.file)
        if ProcessInfo.processInfo.environment["GOLDEN_UPDATE"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (got, want)) in zip(actualLines, expectedLines).enumerated() where got != want {
            Issue.record("\(run.file) line \(index + 1) differs:\n  expected \(want)\n  actual   \(got)")
            return
        }
        #expect(actualLines.count == expectedLines.count, "\(run.file): line count differs")
    }

    /// A report checked "now" (a payload without any date) carries the time of the run: times within an
    /// hour of the run are replaced so the rest can be compared.
    static func normalized(_ output: String) -> String {
        let pattern = #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/#
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        return output.replacing(pattern) { match in
            let text = String(match.output.0)
            guard let date = parser.date(from: text) ?? plain.date(from: text), abs(date.timeIntervalSinceNow) < 3600
            else { return text }
            return "NOW"
        }
    }
}
