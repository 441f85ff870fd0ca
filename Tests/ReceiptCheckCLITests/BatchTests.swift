import Foundation
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct BatchTests {
    static let production = "receipts/tpinapp-11.receipt"
    static let xcode = "receipts/apple-asslib-1.receipt"

    private func base64(_ path: String) throws -> String {
        try Data(contentsOf: URL(fileURLWithPath: path)).base64EncodedString()
    }

    private func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("batch-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func linesGiveOneOutputLinePerNonBlankInputLineInOrder() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let good = try base64(path)
        let jws = "eyJhbGciOiJFUzI1NiJ9.eyJ4IjoxfQ.c2ln"
        // Garbage, blank lines, a JWS and good receipts, many times, so workers finish out of order.
        var lines: [String] = []
        for round in 0..<40 {
            lines += [good, "", "not base64 at all!", jws, "   ", String(good.prefix(200 + round)), good + "\r"]
        }
        let result = try CLI.run(
            ["--lines", "--format", "ndjson", "--jobs", "3"], stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        // Blank lines (the second and fifth of each round) are skipped; every other line has its verdict.
        let answered = (1...lines.count).filter { $0 % 7 != 2 && $0 % 7 != 5 }
        let output = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(output.count == answered.count + 1, "one line per input plus the final newline")
        #expect(output.last == "")
        let reports = try objects(result.stdout)
        #expect(reports.map { $0["input"] as? String } == answered.map { "-:\($0)" })
        for (report, line) in zip(reports, answered) {
            let expected = line % 7 == 1 || line % 7 == 0 ? "valid" : line % 7 == 4 ? "invalid" : "malformed"
            #expect(report["status"] as? String == expected, "line \(line): \(report)")
        }
        #expect(reports[1]["reason"] as? String == "unsupported_format")
        #expect(reports[2]["reason"] as? String == "unexpected_chain_length")
        #expect(result.status == 65)
    }

    @Test func aLastLineWithoutNewlineCountsAndAnEmptyInputHasNoLines() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let result = try CLI.run(["--lines", "--format=ndjson", "-q"], stdin: Data("junk\n\(try base64(path))".utf8))
        #expect(try objects(result.stdout).map { $0["input"] as? String } == ["-:1", "-:2"])
        let empty = try CLI.run(["--lines", "--format=ndjson"], stdin: Data())
        #expect(empty.stdout.isEmpty)
        #expect(empty.status == 0)
        #expect(empty.stderr.contains("0 inputs"))
    }

    @Test func linesOfNamedFilesAreNamedFileColonLine() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.txt")
        let second = directory.appendingPathComponent("b.txt")
        try Data("\(try base64(path))\njunk\n".utf8).write(to: first)
        try Data("\n%%\n".utf8).write(to: second)
        let result = try CLI.run(["--lines", "--format", "ndjson", "-q", first.path, second.path])
        let names = try objects(result.stdout).map { $0["input"] as? String }
        #expect(names == ["\(first.path):1", "\(first.path):2", "\(second.path):2"])
    }

    @Test func recursionVisitsFilesSortedDepthFirst() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let receipt = try Data(contentsOf: URL(fileURLWithPath: path))
        let layout = [
            "b/2.receipt", "b/1.receipt", "a.receipt", "c/d/e/deep.receipt", ".hidden/skip.receipt", "c/0.receipt",
        ]
        for file in layout {
            let url = directory.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try receipt.write(to: url)
        }
        let result = try CLI.run(["-r", "--format", "ndjson", "--jobs", "2", directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try objects(result.stdout).map {
            ($0["input"] as? String).map { String($0.dropFirst(directory.path.count + 1)) }
        }
        #expect(names == ["a.receipt", "b/1.receipt", "b/2.receipt", "c/0.receipt", "c/d/e/deep.receipt"])

        let flat = try CLI.run(["--format", "ndjson", directory.path])
        #expect(flat.status == 66)
        #expect(try objects(flat.stdout).first?["reason"] as? String == "unreadable_input")
    }

    @Test func filesFromReadsOnePathALine() throws {
        guard let path = CLI.corpusFile(Self.production), let xcode = CLI.corpusFile(Self.xcode) else { return }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("list.txt")
        try Data("\(path)\n\n\(xcode)\n/nonexistent/receipt\n".utf8).write(to: list)
        let fromFile = try CLI.run(["--files-from", list.path, "--format", "ndjson", "-q"])
        let reports = try objects(fromFile.stdout)
        #expect(reports.map { $0["input"] as? String } == [path, xcode, "/nonexistent/receipt"])
        #expect(reports.map { $0["status"] as? String } == ["valid", "invalid", "unreadable"])
        #expect(fromFile.status == 66)

        let fromStdin = try CLI.run(
            ["--files-from", "-", "--format", "ndjson", "-q", path], stdin: Data("\(xcode)\n".utf8))
        #expect(try objects(fromStdin.stdout).map { $0["input"] as? String } == [path, xcode])
        #expect(fromStdin.status == 2)

        let missingList = try CLI.run(["--files-from", "/nonexistent/list", "--format", "ndjson", "-q"])
        #expect(missingList.status == 66)
    }

    /// A list written on Windows ends its lines with CR LF: the carriage return is no part of the path.
    @Test func filesFromTakesCRLFLines() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let result = try CLI.run(
            ["--files-from", "-", "--format", "ndjson", "-q"], stdin: Data("\(path)\r\n\(path)\r\n".utf8))
        #expect(try objects(result.stdout).map { $0["input"] as? String } == [path, path])
        #expect(try objects(result.stdout).map { $0["status"] as? String } == ["valid", "valid"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func summaryCountsStatusesAndReasonsUnlessQuiet() throws {
        guard let path = CLI.corpusFile(Self.production), let xcode = CLI.corpusFile(Self.xcode) else { return }
        let arguments = [path, xcode, path, "-", "/nonexistent/receipt"]
        let result = try CLI.run(["--format", "ndjson"] + arguments, stdin: Data("junk".utf8))
        #expect(result.stderr.hasPrefix("receipt-check: 5 inputs in "), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "receipts/s): valid 2, invalid 1 (untrusted_chain 1), malformed 1 (unsupported_format 1), "
                    + "unreadable 1 (unreadable_input 1)\n"
            ), "\(result.stderr)")
        let quiet = try CLI.run(["--format", "ndjson", "--quiet"] + arguments, stdin: Data("junk".utf8))
        #expect(quiet.stderr.isEmpty)
        #expect(quiet.stdout == result.stdout)
    }

    @Test func singleFileRunsPrintNoSummary() throws {
        guard let path = CLI.corpusFile(Self.production) else { return }
        let result = try CLI.run(["--json", path])
        #expect(result.stderr.isEmpty)
        #expect(result.status == 0)
    }

    @Test func worstStatusWinsOverTheBatch() throws {
        guard let path = CLI.corpusFile(Self.production), let xcode = CLI.corpusFile(Self.xcode) else { return }
        let cases: [([String], Int32)] = [
            ([path, path], 0),
            ([path, xcode, path], 2),
            ([xcode, "-", path], 65),
            (["-", "/nonexistent/receipt", xcode], 66),
        ]
        for (inputs, expected) in cases {
            let result = try CLI.run(["-q", "--jobs", "2"] + inputs, stdin: Data("junk".utf8))
            #expect(result.status == expected, "\(inputs)")
            #expect(result.stdout.components(separatedBy: ": VALID").count - 1 == inputs.filter { $0 == path }.count)
        }
        let inspect = try CLI.run(["inspect", "-q", path, xcode])
        #expect(inspect.status == 0)
    }

    @Test(arguments: [["--jobs", "0", "x"], ["--jobs", "many", "x"], ["--json", "--format", "ndjson", "x"]])
    func badBatchOptionsAreUsageErrors(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("usage: receipt-check"))
    }
}

@Suite(.timeLimit(.minutes(10))) struct BatchJWSOutputTests {
    /// ndjson must carry the same object as --json, StoreKit 2 payloads included.
    @Test func ndjsonAndJSONAgreeForJWS() throws {
        let directory = CLI.corpus.appendingPathComponent("jws/apple-signed")
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path), !files.isEmpty else {
            Issue.record("\(SharedData.missing(.corpus, at: directory))")
            return
        }
        for file in files.sorted() {
            let path = directory.appendingPathComponent(file).path
            let line = try CLI.run(["--format", "ndjson", "--quiet", path])
            let pretty = try CLI.run(["--json", path])
            let compact = try JSONSerialization.jsonObject(with: Data(line.stdout.utf8)) as? NSDictionary
            let full = try JSONSerialization.jsonObject(with: Data(pretty.stdout.utf8)) as? NSDictionary
            #expect(compact != nil && compact == full, "\(file)")
            #expect(compact?["jws"] != nil, "\(file)")
        }
    }
}
