import Foundation
import Testing

/// Runs a program from PATH (groff, bash, zsh, fish) for the packaging tests.
///
/// A missing program is a recorded failure that says how to install it, never a skip: the
/// packaging tests are the only proof that the generated files load.
enum ExternalTool {
    static func path(_ name: String, package: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        Issue.record(
            "\(name) NOT FOUND on PATH; install it (apt-get install \(package)) — .ci/run does",
            sourceLocation: sourceLocation)
        return nil
    }

    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        timeout: Double = CLI.defaultTimeout
    ) throws -> CLI.Result {
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        return try CLI.run(
            URL(fileURLWithPath: executable), arguments, stdin: nil, environment: merged, timeout: timeout)
    }

    /// A committed file of the package, as text.
    static func committed(_ relative: String) throws -> String {
        try String(contentsOf: CLI.packageRoot.appendingPathComponent(relative), encoding: .utf8)
    }
}
