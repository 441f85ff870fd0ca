import Foundation
import Testing

/// `-r` and `-R` treat symbolic links as `grep` does: `-r` follows a link given on the command
/// line but skips every link below it, `-R` follows them all and stops at a loop.
@Suite struct DirectoryRecursionTests {
    /// tree/sub/a.receipt, other/b.receipt, tree/dirlink -> ../other, tree/filelink ->
    /// ../other/b.receipt, tree/sub/loop -> .. (a loop), removed when the value goes away.
    final class Tree {
        let path: String
        var tree: String { path + "/tree" }

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)").path
            let files = FileManager.default
            try files.createDirectory(atPath: path + "/tree/sub", withIntermediateDirectories: true)
            try files.createDirectory(atPath: path + "/other", withIntermediateDirectories: true)
            let receipt = try Data(contentsOf: URL(fileURLWithPath: CLI.fixture("valid.receipt")))
            try receipt.write(to: URL(fileURLWithPath: path + "/tree/sub/a.receipt"))
            try receipt.write(to: URL(fileURLWithPath: path + "/other/b.receipt"))
            try files.createSymbolicLink(atPath: path + "/tree/dirlink", withDestinationPath: "../other")
            try files.createSymbolicLink(atPath: path + "/tree/filelink", withDestinationPath: "../other/b.receipt")
            try files.createSymbolicLink(atPath: path + "/tree/sub/loop", withDestinationPath: "..")
        }

        deinit {
            try? FileManager.default.removeItem(atPath: path)
        }

        /// The `input` of every report, relative to the tree's parent.
        func inputs(_ result: CLI.Result) throws -> [String] {
            try result.stdout.split(separator: "\n").map { line in
                let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let input = try #require(object["input"] as? String)
                return String(input.dropFirst(path.count + 1))
            }
        }
    }

    static let options = ["--root", CLI.fixture("pki/root.pem"), "--format", "ndjson", "-q"]

    @Test func recursiveSkipsLinksBelowTheDirectoryGiven() throws {
        let tree = try Tree()
        let result = try CLI.run(["-r"] + Self.options + [tree.tree])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try tree.inputs(result) == ["tree/sub/a.receipt"])
        #expect(result.stderr.isEmpty)
    }

    @Test func recursiveFollowsALinkGivenOnTheCommandLine() throws {
        let tree = try Tree()
        let result = try CLI.run(["-r"] + Self.options + [tree.tree + "/dirlink"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try tree.inputs(result) == ["tree/dirlink/b.receipt"])
    }

    @Test func dereferenceRecursiveFollowsLinksAndStopsAtALoop() throws {
        let tree = try Tree()
        for flag in ["-R", "--dereference-recursive"] {
            let result = try CLI.run([flag] + Self.options + [tree.tree])
            #expect(result.status == 0, "\(result.stdout)")
            #expect(try tree.inputs(result) == ["tree/dirlink/b.receipt", "tree/filelink", "tree/sub/a.receipt"])
            #expect(
                result.stderr
                    == "receipt-check: warning: \(tree.tree)/sub/loop: recursive directory loop, not followed\n")
        }
    }

    @Test func dereferenceRecursiveStopsAtALinkToTheDirectoryItself() throws {
        let tree = try Tree()
        try FileManager.default.createSymbolicLink(atPath: tree.tree + "/sub/self", withDestinationPath: ".")
        let result = try CLI.run(["-R"] + Self.options + [tree.tree])
        #expect(result.status == 0)
        #expect(try tree.inputs(result) == ["tree/dirlink/b.receipt", "tree/filelink", "tree/sub/a.receipt"])
        #expect(result.stderr.contains("\(tree.tree)/sub/self: recursive directory loop, not followed"))
        #expect(result.stderr.contains("\(tree.tree)/sub/loop: recursive directory loop, not followed"))
    }

    @Test func aDanglingLinkIsUnreadableUnderDereferenceAndSkippedUnderRecursive() throws {
        let tree = try Tree()
        try FileManager.default.createSymbolicLink(atPath: tree.tree + "/dangling", withDestinationPath: "/nonexistent")
        let followed = try CLI.run(["-R"] + Self.options + [tree.tree])
        #expect(followed.status == 66)
        #expect(try tree.inputs(followed).first == "tree/dangling")
        let skipped = try CLI.run(["-r"] + Self.options + [tree.tree])
        #expect(skipped.status == 0)
        #expect(try tree.inputs(skipped) == ["tree/sub/a.receipt"])
    }
}
