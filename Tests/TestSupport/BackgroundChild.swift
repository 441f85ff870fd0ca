// Foundation (not FoundationEssentials): `Process` and `Pipe` live there.
import Foundation
import Testing

/// A child that runs beside the tests (a local server) until ``stop()``: the long-running sibling of
/// ``ChildProcess/run(_:_:stdin:environment:directory:timeout:)``.
///
/// Its standard input is a pipe the test process holds and never writes: the child is expected to exit
/// when the pipe closes, which happens in ``stop()`` and also when the test process dies in any way, so no
/// server outlives a crashed or killed test run. Its standard error goes to a file, read for messages and,
/// when it stops, for a sanitizer report, which fails the test (``SanitizerReport``).
public final class BackgroundChild: @unchecked Sendable {
    /// The child did not print its first line in time, or exited first.
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    public let process: Process
    /// The first line the child printed (a server's port), without its newline.
    public private(set) var firstLine = ""
    private let input: Pipe
    private let errorFile: URL
    private let lock = NSLock()
    private var stopped = false

    /// Starts `executable` and waits up to `timeout` seconds for its first line of standard output.
    public init(
        _ executable: URL, _ arguments: [String], directory: URL? = nil, errorFile: URL, timeout: Double = 60
    ) throws {
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory {
            process.currentDirectoryURL = directory
        }
        input = Pipe()
        let output = Pipe()
        self.errorFile = errorFile
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try ChildProcess.start(process)
        let line = ChildProcess.Handoff<String?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let reader = output.fileHandleForReading
        // One thread reads the first line and then drains the rest, so the child never blocks on a full pipe.
        Thread {
            var bytes: [UInt8] = []
            var signalled = false
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                guard !signalled else { continue }
                bytes += chunk
                if let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                    line.set(String(decoding: bytes[..<end], as: UTF8.self))
                    signalled = true
                    ready.signal()
                }
            }
            if !signalled { ready.signal() }
        }.start()
        let timedOut = ready.wait(timeout: .now() + timeout) == .timedOut
        guard !timedOut, let first = line.value else {
            let name = executable.lastPathComponent
            stop()
            throw StartFailure(
                description: "\(name) \(arguments.first ?? "") printed no first line "
                    + (timedOut ? "within \(timeout) s" : "before it exited") + ": \(errors)")
        }
        firstLine = first
    }

    deinit {
        stop()
    }

    /// What the child wrote to its standard error so far.
    public var errors: String {
        (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    }

    /// Closes the child's standard input and waits for it to exit; after 5 s it is terminated, then killed.
    /// Returns whether it was still running when asked to stop (a child that died early is a finding).
    @discardableResult public func stop() -> Bool {
        let first = lock.withLock {
            let first = !stopped
            stopped = true
            return first
        }
        guard first else { return false }
        let wasRunning = process.isRunning
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline {
            usleep(20_000)
        }
        if process.isRunning {
            process.terminate()
            usleep(500_000)
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
            }
        }
        process.waitUntilExit()
        SanitizerReport.check(
            errors, of: process.executableURL?.lastPathComponent ?? "a background child",
            status: process.terminationStatus)
        return wasRunning
    }
}
