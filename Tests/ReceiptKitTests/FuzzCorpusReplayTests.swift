import Foundation
import Testing

@testable import ReceiptKit

/// Every input of the kept fuzz corpus (`Tools/Fuzz/Corpus/TARGET/`) run through its target's logic and
/// oracle, as the fuzz binary runs it but without the fuzzer runtime: a fixed finding stays fixed, and
/// what the fuzzer reached once is reached by every `make test`.
@Suite struct FuzzCorpusReplayTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let harness = Result { try FuzzHarness(packageRoot: packageRoot.path) }

    /// The kept inputs of `target`, by name.
    static func corpus(_ target: FuzzTarget) throws -> [URL] {
        let directory = packageRoot.appendingPathComponent("Tools/Fuzz/Corpus/\(target.rawValue)")
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The inputs of `files` that `run` finds something in, each named with what it found.
    static func findings(_ files: [URL], _ run: ([UInt8]) throws(FuzzFinding) -> Void) throws -> [String] {
        var found: [String] = []
        for file in files {
            // An empty input is read as none: FoundationEssentials' file reading keeps the 4,096-byte buffer
            // it allocated for a file that turns out empty (LeakSanitizer's report under make test-asan).
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
            let bytes = size == 0 ? [] : [UInt8](try Data(contentsOf: file))
            do throws(FuzzFinding) {
                try run(bytes)
            } catch {
                found.append("\(file.lastPathComponent): \(error)")
            }
        }
        return found
    }

    @Test(arguments: FuzzTarget.allCases)
    func keptCorpusReplays(_ target: FuzzTarget) throws {
        let files = try Self.corpus(target)
        #expect(!files.isEmpty, "Tools/Fuzz/Corpus/\(target.rawValue) keeps no input")
        let harness = try Self.harness.get()
        let found = try Self.findings(files) { bytes throws(FuzzFinding) in try harness.run(target, bytes) }
        #expect(found.isEmpty, "\(target.rawValue): \(found.joined(separator: "\n"))")
    }

    /// A finding in any one input is reported with the input's name.
    @Test func aFindingFailsTheReplay() throws {
        let files = try Self.corpus(.json)
        let planted = try #require(files.last)
        let plantedBytes = [UInt8](try Data(contentsOf: planted))
        let found = try Self.findings(files) { bytes throws(FuzzFinding) in
            if bytes == plantedBytes { throw FuzzFinding("planted") }
        }
        #expect(found == ["\(planted.lastPathComponent): planted"])
    }

    /// The replay fails on an input whose oracle breaks: two readings of a JSON text that differ are
    /// caught however they differ.
    @Test(arguments: [
        (JSONValue.integer(9_007_199_254_740_993), JSONValue.integer(9_007_199_254_740_992)),
        (.integer(1), .number(1)), (.number(9_007_199_254_740_994), .integer(9_007_199_254_740_993)),
        (.number(1.5), .integer(1)), (.array([.integer(1)]), .array([.integer(1), .null])),
        (.object(["a": .integer(1)]), .object(["b": .integer(1)])), (.string("é"), .string("e")),
    ])
    func differentReadingsAreAFinding(_ ours: JSONValue, _ theirs: JSONValue) {
        #expect(!FuzzHarness.sameValue(ours, theirs))
    }

    /// What a `Decoder` cannot tell apart (a fraction no double holds) is the one difference allowed.
    @Test func aFractionNoDoubleHoldsIsAllowed() {
        #expect(FuzzHarness.sameValue(.number(1), .integer(1)))
        #expect(FuzzHarness.sameValue(.array([.number(-0.0)]), .array([.integer(0)])))
        #expect(FuzzHarness.sameValue(.object(["a": .integer(7)]), .object(["a": .integer(7)])))
    }

    /// The intake target's kept corpus reaches the row a notification is kept as.
    @Test func theIntakeCorpusReachesTheRow() throws {
        let harness = try Self.harness.get()
        let before = keptRows.load(ordering: .relaxed)
        #expect(
            try Self.findings(try Self.corpus(.intake)) { bytes throws(FuzzFinding) in try harness.run(.intake, bytes) }
                .isEmpty)
        #expect(keptRows.load(ordering: .relaxed) - before >= 5, "no kept input reaches the row")
    }
}
