import Foundation
import TestSupport
import Testing

/// A write that fails is never lost: with standard output on a full disk (`/dev/full`), on a
/// pipe nobody reads, or closed, every command stops with a message and exit 74 (EX_IOERR),
/// not 0, and not a silent SIGPIPE (141).
@Suite struct OutputFailureTests {
    enum BrokenOutput: CaseIterable {
        /// `/dev/full`: every write fails with ENOSPC.
        case full
        /// A pipe whose reading end is closed: EPIPE, or SIGPIPE when not ignored.
        case closedPipe
        /// Standard output closed (`>&-`): EBADF.
        case closed

        static var available: [BrokenOutput] {
            hasDevFull ? allCases : allCases.filter { $0 != .full }
        }

        var message: String {
            switch self {
            case .full: "receipt-check: error: cannot write to standard output: No space left on device\n"
            case .closedPipe: "receipt-check: error: cannot write to standard output: Broken pipe\n"
            case .closed: "receipt-check: error: cannot write to standard output: Bad file descriptor\n"
            }
        }
    }

    /// `/dev/full` is Linux's (and the BSDs'); macOS has none, so those cases run on Linux only.
    static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")

    struct Outcome {
        let status: Int32
        let stderr: String
    }

    /// Runs the built binary with standard output broken as `output`, collecting standard error.
    static func run(_ arguments: [String], output: BrokenOutput) throws -> Outcome {
        let process = Process()
        process.currentDirectoryURL = CLI.packageRoot
        switch output {
        case .closed:
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\" >&-", CLI.executable.path] + arguments
        case .full, .closedPipe:
            process.executableURL = CLI.executable
            process.arguments = arguments
        }
        var unread: Pipe?
        switch output {
        case .full:
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        case .closedPipe:
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            process.standardOutput = pipe
            unread = pipe
        case .closed:
            break
        }
        let err = Pipe()
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try unread?.fileHandleForWriting.close()
        try err.fileHandleForWriting.close()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        let stderr = String(decoding: errors, as: UTF8.self)
        SanitizerReport.check(stderr, of: "receipt-check", status: process.terminationStatus)
        return Outcome(status: process.terminationStatus, stderr: stderr)
    }

    static let root = ["--root", CLI.fixture("pki/root.pem")]
    static let valid = CLI.fixture("valid.receipt")

    @Test(arguments: BrokenOutput.available)
    func singleInputTextAndJSONExit74(output: BrokenOutput) throws {
        for format in [[], ["--json"]] {
            let outcome = try Self.run(Self.root + format + [Self.valid], output: output)
            #expect(outcome.status == 74, "\(format)")
            #expect(outcome.stderr == output.message, "\(format)")
        }
    }

    @Test(arguments: BrokenOutput.available)
    func linesAsNDJSONExit74(output: BrokenOutput) throws {
        let lines = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString).b64")
        defer { try? FileManager.default.removeItem(at: lines) }
        let line = try Data(contentsOf: URL(fileURLWithPath: Self.valid)).base64EncodedString() + "\n"
        try Data(String(repeating: line, count: 300).utf8).write(to: lines)
        let outcome = try Self.run(
            Self.root + ["--lines", "--format", "ndjson", "-q", "--jobs", "2", lines.path], output: output)
        #expect(outcome.status == 74)
        #expect(outcome.stderr == output.message)
    }

    /// A combined report is written in chunks as it is produced; a failed one still stops the run with 74.
    @Test(arguments: BrokenOutput.available)
    func combinedJSONAndNDJSONExit74(output: BrokenOutput) throws {
        for format in ["json", "ndjson"] {
            let outcome = try Self.run(
                Self.root + ["--combine", "--bundle-id", "com.example.receiptcheck", "--format", format]
                    + Array(repeating: Self.valid, count: 3), output: output)
            #expect(outcome.status == 74, "\(format)")
            #expect(outcome.stderr == output.message, "\(format)")
        }
    }

    @Test(arguments: BrokenOutput.available)
    func batchOfFilesExits74AndStops(output: BrokenOutput) throws {
        let files = Array(repeating: Self.valid, count: 50)
        let outcome = try Self.run(Self.root + ["--jobs", "2"] + files, output: output)
        #expect(outcome.status == 74)
        // The error is said once; the summary of a stopped run is not printed as if it had finished.
        #expect(outcome.stderr == output.message)
    }

    @Test(arguments: BrokenOutput.available)
    func helpExits74(output: BrokenOutput) throws {
        let outcome = try Self.run(["--help"], output: output)
        #expect(outcome.status == 74)
        #expect(outcome.stderr == output.message)
    }

    @Test(arguments: BrokenOutput.available)
    func makeReceiptToStandardOutputExits74(output: BrokenOutput) throws {
        let outcome = try Self.run(
            [
                "make-receipt", "--spec", CLI.fixture("specs/production.json"), "--pki", CLI.fixture("pki"), "-o", "-",
            ], output: output)
        #expect(outcome.status == 74)
        #expect(outcome.stderr == output.message)
    }

    @Test(.enabled(if: hasDevFull)) func makeReceiptToAFullDiskExits74AndAnUncreatableFile73() throws {
        let arguments = ["make-receipt", "--spec", CLI.fixture("specs/production.json"), "--pki", CLI.fixture("pki")]
        let full = try CLI.run(arguments + ["-o", "/dev/full"])
        #expect(full.status == 74)
        #expect(full.stderr == "receipt-check: error: /dev/full: cannot write: No space left on device\n")
        let missing = try CLI.run(arguments + ["-o", "/nonexistent/directory/out.receipt"])
        #expect(missing.status == 73)
        #expect(missing.stderr.contains("cannot create: No such file or directory"), "\(missing.stderr)")
    }

    @Test(.enabled(if: hasDevFull)) func makeTestPKIOnAFullDiskExits74() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("full-pki-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The first file make-test-pki writes leads to /dev/full, so its write fails with ENOSPC.
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("root.pem").path, withDestinationPath: "/dev/full")
        let result = try CLI.run(["make-test-pki", directory.path])
        #expect(result.status == 74)
        #expect(
            result.stderr == "receipt-check: error: \(directory.path)/root.pem: cannot write: No space left on device\n"
        )
    }

    @Test(.enabled(if: hasDevFull)) func aFailedWriteToStandardErrorExits74() throws {
        func status(_ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = CLI.executable
            process.arguments = arguments
            process.currentDirectoryURL = CLI.packageRoot
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle(forWritingAtPath: "/dev/full")
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        // The error line about the missing file cannot be written.
        #expect(try status(["/nonexistent/receipt"]) == 74)
        // Nothing is written to standard error for a valid receipt, so nothing fails.
        #expect(try status(Self.root + [Self.valid]) == 0)
    }

    @Test func outputThatWorksStillExitsWithTheVerdict() throws {
        let result = try CLI.run(Self.root + ["--json", Self.valid])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }
}
