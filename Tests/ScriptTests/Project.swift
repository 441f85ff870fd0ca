import Foundation
import TestSupport
import Testing

/// The project's own files and scripts, as these tests read and run them: from the package root, with the
/// bash of PATH, no product built or imported.
enum Project {
    /// What a script printed and how it exited.
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let root = SharedData.packageRoot

    /// A committed file of the package, as text.
    static func file(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// The Markdown pages a reader is sent to: the README, every guide under docs/, and CONTRIBUTING.md.
    static func pages() throws -> [String] {
        let guides = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + guides + ["CONTRIBUTING.md"]
    }

    /// Runs bash with `arguments` from the package root. A machine without bash cannot run the scripts: a
    /// recorded failure that says what to install, never a pass.
    static func bash(
        _ arguments: [String], timeout: Double = ChildProcess.defaultTimeout,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result {
        let bash = try #require(onPath("bash"), "bash NOT FOUND on PATH; install it (apt-get install bash)")
        let result = try ChildProcess.run(
            bash, arguments, directory: root, timeout: timeout, sourceLocation: sourceLocation)
        return Result(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
            stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    private static func onPath(_ name: String) -> URL? {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return searchPath.split(separator: ":").map { URL(fileURLWithPath: "\($0)/\(name)") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
