import Foundation
import Testing

/// Runs the built `receipt-check` binary and captures what it printed and how it exited.
enum CLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
        }
    }

    /// The package root: this file is <root>/Tests/ReceiptCheckCLITests/CLI.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var corpus: URL {
        if let configured = ProcessInfo.processInfo.environment["RECEIPT_CORPUS"], !configured.isEmpty {
            return URL(fileURLWithPath: configured)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// A corpus file's path, recording a failure when the corpus is missing.
    static func corpusFile(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let url = corpus.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("RECEIPT CORPUS NOT FOUND: \(url.path); set RECEIPT_CORPUS", sourceLocation: sourceLocation)
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

    /// Seconds a child may run before it is killed and the test fails: a hang fails instead of
    /// stalling CI.
    static let defaultTimeout: Double = 120

    /// A child that did not exit in time.
    struct Timeout: Error, CustomStringConvertible {
        let command: String
        let seconds: Double
        var description: String { "\(command) did not exit within \(seconds) s and was killed" }
    }

    /// Runs `executable` from the package root and collects what it printed and how it exited.
    static func run(
        _ executable: URL, _ arguments: [String], stdin: Data?, environment: [String: String]? = nil,
        timeout: Double = defaultTimeout, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        if let environment {
            process.environment = environment
        }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        // Feed and drain the pipes on their own threads: a full pipe would otherwise block both sides.
        let pipes = DispatchGroup()
        let outputData = LockedData()
        let errorData = LockedData()
        func onThread(_ work: @escaping @Sendable () -> Void) {
            pipes.enter()
            Thread {
                work()
                pipes.leave()
            }.start()
        }
        onThread {
            if let stdin {
                input.fileHandleForWriting.write(stdin)
            }
            try? input.fileHandleForWriting.close()
        }
        onThread { outputData.set(out.fileHandleForReading.readDataToEndOfFile()) }
        onThread { errorData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            if exited.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
            pipes.wait()
            let error = Timeout(
                command: ([executable.lastPathComponent] + arguments).joined(separator: " "), seconds: timeout)
            Issue.record("\(error)", sourceLocation: sourceLocation)
            throw error
        }
        // The child has exited; its pipes close with it (a grandchild holding them is a hang too).
        if pipes.wait(timeout: .now() + timeout) == .timedOut {
            let error = Timeout(command: executable.lastPathComponent + " (its output pipes)", seconds: timeout)
            Issue.record("\(error)", sourceLocation: sourceLocation)
            throw error
        }
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outputData.value, as: UTF8.self),
            stderr: String(decoding: errorData.value, as: UTF8.self))
    }
}

/// A value handed from a reader thread to the test.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    func set(_ value: Data) {
        lock.withLock { data = value }
    }

    var value: Data { lock.withLock { data ?? Data() } }
}
