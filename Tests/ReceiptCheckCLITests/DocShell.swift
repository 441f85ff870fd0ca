import Foundation
import TestSupport
import Testing

/// The shell the documentation's examples run in, as a reader's would: a scratch directory holding
/// Fixtures/ and examples/, `receipt-check` first on PATH, and a clock that can be moved.
///
/// Each step runs in bash with `pipefail`: a command that fails inside a pipe (`receipt-check ... | sed`)
/// fails its step, as it would alone; with `/bin/sh` only the last command's status counted.
struct DocShell {
    /// Why the examples cannot run at all: a failure of every test that asked, never a skip.
    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    /// A directory holding the `receipt-check` to run instead of the built one (an installed copy).
    static let binaryVariable = "RECEIPT_CHECK_DOC_BIN"
    /// A libfaketime offset (`+3650d`) every step of DocExampleTests runs at.
    static let clockVariable = "RECEIPT_CHECK_DOC_FAKETIME"

    let scratch: ScratchDirectory
    let environment: [String: String]
    /// What each step's command line starts with: bash, or faketime running bash.
    let launcher: [String]

    /// A fresh scratch directory; `clockOffset` (libfaketime's `-f` form, e.g. `+3650d`) moves the clock of
    /// every step and what it starts. `inherited` is the environment the steps start from.
    init(clockOffset: String?, environment inherited: [String: String] = ProcessInfo.processInfo.environment) throws {
        let binaries = try Self.binaryDirectory(in: inherited)
        launcher = try clockOffset.map { [try Self.faketime(in: inherited), "-f", $0] } ?? []
        scratch = try ScratchDirectory()
        for shared in ["Fixtures", "examples"] {
            try FileManager.default.createSymbolicLink(
                atPath: scratch.path + "/" + shared,
                withDestinationPath: CLI.packageRoot.appendingPathComponent(shared).path)
        }
        var environment = inherited
        environment["PATH"] = binaries + ":" + (inherited["PATH"] ?? "/usr/bin:/bin")
        environment["LC_ALL"] = "C"
        self.environment = environment
    }

    /// The directory whose `receipt-check` the examples run: `RECEIPT_CHECK_DOC_BIN` when set, which must
    /// hold one (a typo would otherwise test the built binary, or whatever PATH has), else the build's.
    static func binaryDirectory(in environment: [String: String]) throws -> String {
        guard let directory = environment[binaryVariable] else {
            return CLI.executable.deletingLastPathComponent().path
        }
        guard FileManager.default.isExecutableFile(atPath: directory + "/receipt-check") else {
            throw SetupError(description: "\(binaryVariable)=\(directory) holds no executable receipt-check")
        }
        return directory
    }

    /// The `faketime` program on `environment`'s PATH; its absence fails the run that moves the clock, so
    /// that a missing package cannot pass for dates that hold.
    static func faketime(in environment: [String: String]) throws -> String {
        let searchPath = environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/faketime"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        throw SetupError(
            description: "faketime NOT FOUND on PATH; install it (apt-get install faketime; make test-deps does)")
    }

    /// Runs one command as a reader types it: its status, and what it printed, standard error included.
    func run(_ command: String) throws -> (status: Int32, printed: String) {
        let arguments = launcher + ["/bin/bash", "-c", "set -o pipefail\nexec 2>&1\n" + command]
        let result = try ChildProcess.run(
            URL(fileURLWithPath: arguments.first ?? "/bin/bash"), Array(arguments.dropFirst()), stdin: nil,
            environment: environment, directory: URL(fileURLWithPath: scratch.path),
            timeout: ChildProcess.defaultTimeout)
        let printed = String(decoding: result.stdout, as: UTF8.self)
        // Standard error is merged into what the step prints: a sanitizer's report would be there.
        SanitizerReport.check(printed, of: command, status: result.status)
        return (result.status, printed)
    }
}
