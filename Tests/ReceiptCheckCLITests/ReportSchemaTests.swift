import Foundation
import TestSupport
import Testing

/// The published JSON Schema (schema/report.schema.json) must describe what the binary prints,
/// checked by a complete validator (PyPI's jsonschema, draft 2020-12, formats included) rather
/// than by a partial one of our own: receipts, JWS, notifications, failures, ndjson and rules.
@Suite(.timeLimit(.minutes(10))) struct ReportSchemaTests {
    static let schemaPath = CLI.packageRoot.appendingPathComponent("schema/report.schema.json").path

    /// The venv `make test-deps` makes (Scripts/schema-venv.sh), or `$RECEIPT_CHECK_SCHEMA_PYTHON`.
    static func python(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let python = SharedData.schemaPython
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            Issue.record("\(SharedData.missing(.schemaPython, at: python))", sourceLocation: sourceLocation)
            return nil
        }
        return python.path
    }

    /// Runs Scripts/validate-reports.py over `files` and expects every report to pass.
    static func validate(_ files: [String], expecting count: Int, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        guard let python = python(sourceLocation: sourceLocation) else { return }
        let script = CLI.packageRoot.appendingPathComponent("Scripts/validate-reports.py").path
        let result = try CLI.run(URL(fileURLWithPath: python), [script, schemaPath] + files, stdin: nil)
        #expect(result.status == 0, "\(result.stdout.prefix(3000))\(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            result.stdout.contains("validate-reports: \(count) reports, 0 problems"), "\(result.stdout.suffix(300))",
            sourceLocation: sourceLocation)
    }

    /// Sorted paths of the corpus files under `directory` whose names end with one of `suffixes`.
    static func corpusFiles(_ directory: String, _ suffixes: [String]) throws -> [String] {
        let root = CLI.corpus.appendingPathComponent(directory)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else {
            Issue.record("\(SharedData.missing(.corpus, at: root))")
            return []
        }
        return walker.compactMap { $0 as? String }.filter { name in suffixes.contains { name.hasSuffix($0) } }
            .sorted().map { root.appendingPathComponent($0).path }
    }

    /// `inspect --format ndjson` over `count` corpus files: one report each, every one valid under the schema.
    static func corpusReportsMatch(_ directory: String, _ suffix: String, count: Int) throws {
        let paths = try corpusFiles(directory, [suffix])
        #expect(paths.count == count)
        let scratch = try ScratchDirectory()
        let result = try CLI.run(["inspect", "--format", "ndjson", "--quiet"] + paths)
        #expect(result.stdout.split(separator: "\n").count == paths.count, "\(result.stderr.prefix(500))")
        try validate([try scratch.write("\(directory).ndjson", Array(result.stdout.utf8))], expecting: paths.count)
    }

    @Test func everyCorpusReceiptReportMatchesTheSchema() throws {
        try Self.corpusReportsMatch("receipts", ".receipt", count: 48)
    }

    /// Apple's, Apple's library's and Xcode's JWS and notifications, with their nested reports.
    @Test func everyCorpusJWSReportMatchesTheSchema() throws {
        try Self.corpusReportsMatch("jws", ".jws", count: 14)
    }

    /// Valid, invalid and malformed reports of the project's own fixtures, pretty (--json) and ndjson.
    @Test func fixtureAndFailureReportsMatchTheSchema() throws {
        let scratch = try ScratchDirectory()
        let fixtures = try FileManager.default.contentsOfDirectory(
            atPath: CLI.packageRoot.appendingPathComponent("Fixtures").path
        )
        .filter { $0.hasSuffix(".receipt") || $0.hasSuffix(".b64") }.sorted().map(CLI.fixture)
        #expect(fixtures.count == 17)
        let empty = try scratch.write("empty", [])
        let garbage = try scratch.write("garbage", Array("not a receipt".utf8))
        let inputs = fixtures + [empty, garbage, scratch.path + "/missing"]
        let batch = try CLI.run(
            ["verify", "--format", "ndjson", "--quiet", "--root", CLI.fixture("pki/root.pem")] + inputs)
        #expect(batch.status == 66, "\(batch.stderr.prefix(500))")
        #expect(batch.stdout.split(separator: "\n").count == inputs.count)

        let lines = try CLI.run(
            ["verify", "--lines", "--format", "ndjson", "--quiet", "-"],
            stdin: Data(
                "\n%%%\n\(try String(contentsOfFile: CLI.fixture("valid.b64"), encoding: .utf8).filter { $0 != "\n" })\n"
                    .utf8))
        // The blank line is no input: skipped, no report.
        #expect(lines.stdout.split(separator: "\n").count == 2, "\(lines.stdout)")

        let pretty = try CLI.run([
            "verify", "--json", "--root", CLI.fixture("pki/root.pem"), CLI.fixture("valid.receipt"),
        ])
        #expect(pretty.status == 0, "\(pretty.stderr)")
        try Self.validate(
            [
                try scratch.write("batch.ndjson", Array(batch.stdout.utf8)),
                try scratch.write("lines.ndjson", Array(lines.stdout.utf8)),
                try scratch.write("pretty.json", Array(pretty.stdout.utf8)),
            ], expecting: inputs.count + 2 + 1)
    }

    @Test func ruleResultsMatchTheSchema() throws {
        let scratch = try ScratchDirectory()
        var files: [String] = []
        for name in ["tpinapp-11", "appreceiptvalidator-6", "tpinapp-7"] {
            guard let path = CLI.corpusFile("receipts/\(name).receipt") else { return }
            let result = try CLI.run([
                "inspect", "--json", "--rule", "premium: original_application_version < 42", "--now", "2019-09-30",
                path,
            ])
            let object = try #require(result.json, "\(path): \(result.stderr)")
            #expect(object["entitlements"] != nil && object["subscriptions"] != nil)
            files.append(try scratch.write("\(name).json", Array(result.stdout.utf8)))
        }
        try Self.validate(files, expecting: 3)
    }

    /// A report the schema forbids is refused: the validator is really checking.
    @Test func aReportBreakingTheSchemaIsRefused() throws {
        guard let python = Self.python() else { return }
        let scratch = try ScratchDirectory()
        let script = CLI.packageRoot.appendingPathComponent("Scripts/validate-reports.py").path
        for broken in [
            #"{"input": "x", "status": "valid", "checks": [], "reason": "no_such_reason"}"#,
            #"{"input": "x", "status": "maybe", "checks": []}"#,
            #"{"input": "x", "status": "valid", "checks": [], "trust": {"validation_time": "yesterday"}}"#,
        ] {
            let file = try scratch.write("broken.json", Array(broken.utf8))
            let result = try CLI.run(URL(fileURLWithPath: python), [script, Self.schemaPath, file], stdin: nil)
            #expect(result.status == 1, "accepted: \(broken)\n\(result.stdout)\(result.stderr)")
        }
    }

    @Test func schemaAndManPageListEveryReasonCode() throws {
        let schema = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.schemaPath)))
                as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let reasons = try #require((definitions["reason"] as? [String: Any])?["enum"] as? [String])
        let source = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("Sources/ReceiptKit/Report/ReasonCode.swift"),
            encoding: .utf8)
        let declared = source.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("case "), let start = line.firstIndex(of: "\"") else { return nil }
            return String(line[line.index(after: start)...].prefix { $0 != "\"" })
        }
        #expect(declared.count >= 26)
        #expect(Set(declared) == Set(reasons))
        let manPage = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("share/man/man1/receipt-check.1"), encoding: .utf8)
        for reason in declared {
            #expect(manPage.contains("\n\\fB\(reason)\\fR\n"), "the man page does not document reason code \(reason)")
        }
    }
}
