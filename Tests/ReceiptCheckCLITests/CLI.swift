import Foundation
import TestSupport
import Testing

/// Runs the built `receipt-check` binary and captures what it printed and how it exited.
enum CLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Bytes of the standard input the child never read (it exited first).
        var inputUnread = 0

        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
        }
    }

    static let packageRoot = SharedData.packageRoot

    static var corpus: URL { SharedData.corpus }

    /// A corpus file's path, recording a failure when the corpus is missing.
    static func corpusFile(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let url = corpus.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("\(SharedData.missing(.corpus, at: url))", sourceLocation: sourceLocation)
            return nil
        }
        return url.path
    }

    static func fixture(_ name: String) -> String {
        packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    /// The executable sits beside the test bundle in the build directory.
    static var executable: URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("receipt-check")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue
            {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/receipt-check")
    }

    static func run(_ arguments: [String], stdin: Data? = nil, timeout: Double = defaultTimeout) throws -> Result {
        try run(executable, arguments, stdin: stdin, timeout: timeout)
    }

    static let defaultTimeout = ChildProcess.defaultTimeout

    /// Runs `executable` from the package root and collects what it printed and how it exited; a child
    /// that does not exit in time is killed and fails the test.
    static func run(
        _ executable: URL, _ arguments: [String], stdin: Data?, environment: [String: String]? = nil,
        timeout: Double = defaultTimeout, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result {
        do {
            let result = try ChildProcess.run(
                executable, arguments, stdin: stdin, environment: environment, directory: packageRoot,
                timeout: timeout, sourceLocation: sourceLocation)
            return Result(
                status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
                stderr: String(decoding: result.stderr, as: UTF8.self), inputUnread: result.inputUnread)
        } catch let error as ChildProcess.Timeout {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            throw error
        }
    }
}
