import Foundation
import Testing

@testable import ReceiptCheckCLI

/// Every exit status is reachable and documented: internal errors (70) through the debug-build
/// fault seam, unwritable output (73), and the man page lists each one, once, in the order that wins.
@Suite(.timeLimit(.minutes(10))) struct ExitStatusTests {
    static let root = CLI.fixture("pki/root.pem")

    static func withFault(_ arguments: [String]) throws -> CLI.Result {
        var environment = ProcessInfo.processInfo.environment
        environment[ValidatorSetup.injectedFaultVariable] = "signature_check"
        return try CLI.run(CLI.executable, arguments, stdin: nil, environment: environment)
    }

    @Test func signatureCheckThatCannotBeMadeExits70() throws {
        let result = try Self.withFault(["verify", "--json", "--root", Self.root, CLI.fixture("valid.receipt")])
        #expect(result.status == 70, "\(result.stderr)")
        let report = try #require(result.json, "\(result.stdout)")
        #expect(report["status"] as? String == "invalid")
        #expect(report["reason"] as? String == "internal_error")
        // Without the fault the same run is valid: the seam, not the input, made it fail.
        #expect(try CLI.run(["verify", "--root", Self.root, CLI.fixture("valid.receipt")]).status == 0)
    }

    /// 70 outranks everything, an unreadable input (66) included.
    @Test func internalErrorIsTheWorstStatusOfABatch() throws {
        let result = try Self.withFault([
            "verify", "--format", "ndjson", "--quiet", "--root", Self.root, CLI.fixture("valid.receipt"),
            CLI.fixture("no-such-file.receipt"), CLI.fixture("tampered-payload.receipt"),
        ])
        #expect(result.status == 70, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 3)
    }

    @Test func outputIntoAMissingDirectoryExits73() throws {
        let result = try CLI.run([
            "make-receipt", "--spec", CLI.fixture("specs/production.json"), "--pki", CLI.fixture("pki"), "-o",
            "/nonexistent-receipt-check-directory/receipt.bin",
        ])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("receipt-check: error: "), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func everyExitStatusIsDocumentedOnce() throws {
        let manPage = try ExternalTool.committed("share/man/man1/receipt-check.1")
        #expect(ExitStatus.allCases.count >= 9)
        for status in ExitStatus.allCases {
            #expect(
                manPage.contains("\n\\fB\(status.rawValue)\\fR\n"), "the man page lacks exit status \(status.rawValue)")
        }
        #expect(
            manPage.contains("the worst status wins, in the order 74, 70, 64, 73, 77, 69, 67, 66, 65, 75, 2, 3, 1, 0:"))
        // The table exists once: the README and the guides link to the man page instead of copying it.
        for page in try DocExample.pages(in: CLI.packageRoot) {
            let text = try ExternalTool.committed(page)
            #expect(!text.contains("\n| 64 | ") && !text.contains("\n| 70 | "), "\(page) repeats the exit-status table")
        }
    }

    // MARK: - --lines in every format

    static var base64Line: String {
        get throws { try String(contentsOfFile: CLI.fixture("valid.b64"), encoding: .utf8).filter { $0 != "\n" } }
    }

    @Test func linesInTextGiveOneVerdictPerLine() throws {
        let input = "\(try Self.base64Line)\n\nnot a receipt\n"
        let result = try CLI.run(["verify", "--lines", "--quiet", "--root", Self.root, "-"], stdin: Data(input.utf8))
        #expect(result.status == 65, "\(result.stderr)")
        let verdicts = result.stdout.split(separator: "\n").filter { $0.hasPrefix("-:") }
        #expect(
            verdicts == [
                "-:1: VALID", "-:3: MALFORMED (unsupported_format)",
            ], "\(result.stdout)")
    }

    @Test func linesInJSONGiveOneObjectPerLineInOrder() throws {
        let input = "\(try Self.base64Line)\n%%%\n\(try Self.base64Line)\n"
        let result = try CLI.run(
            ["verify", "--lines", "--json", "--quiet", "--root", Self.root, "-"], stdin: Data(input.utf8))
        #expect(result.status == 65, "\(result.stderr)")
        let objects = try Self.jsonSequence(result.stdout)
        #expect(objects.map { $0["input"] as? String } == ["-:1", "-:2", "-:3"])
        #expect(objects.map { $0["status"] as? String } == ["valid", "malformed", "valid"])
    }

    /// A line over --max-size is reported as too large without reading it whole, and the lines
    /// after it are still checked, each in its place.
    @Test func overLongLineIsReportedAndTheNextLinesStillChecked() throws {
        let line = try Self.base64Line
        let long = String(repeating: "A", count: line.count * 3)
        let input = "\(line)\n\(long)\n\(line)\n"
        let limit = String(line.count + 10)
        for format in ["ndjson", "json"] {
            let result = try CLI.run(
                ["verify", "--lines", "--format", format, "--quiet", "--max-size", limit, "--root", Self.root, "-"],
                stdin: Data(input.utf8))
            #expect(result.status == 65, "\(format): \(result.stderr)")
            let objects = try Self.jsonSequence(result.stdout)
            #expect(objects.map { $0["input"] as? String } == ["-:1", "-:2", "-:3"], "\(format)")
            #expect(objects.map { $0["reason"] as? String } == [nil, "input_too_large", nil], "\(format)")
        }
        let text = try CLI.run(
            ["verify", "--lines", "--quiet", "--max-size", limit, "--root", Self.root, "-"], stdin: Data(input.utf8))
        #expect(text.stdout.contains("-:2: MALFORMED (input_too_large)"), "\(text.stdout)")
        #expect(text.stdout.contains("-:3: VALID"), "\(text.stdout)")
    }

    /// The objects of concatenated JSON text (--json prints one pretty object per input).
    static func jsonSequence(_ text: String) throws -> [[String: Any]] {
        var objects: [[String: Any]] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start: String.Index?
        for index in text.indices {
            let character = text[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{":
                if depth == 0 { start = index }
                depth += 1
            case "}":
                depth -= 1
                if depth == 0, let begin = start {
                    let data = Data(text[begin...index].utf8)
                    objects.append(try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
                }
            default: break
            }
        }
        #expect(depth == 0 && !inString, "unterminated JSON: \(text.suffix(200))")
        return objects
    }
}
