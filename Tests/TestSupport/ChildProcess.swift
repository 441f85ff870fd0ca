// Foundation (not FoundationEssentials): `Process` and `Pipe` live there.
import Foundation
import Testing

/// Runs a program with bytes on its standard input, collects both of its outputs and how it exited: the one
/// runner of both test targets.
///
/// A child may exit without reading its input (a usage error, an early refusal, a mutant that stops at
/// once). Writing to that closed pipe raises SIGPIPE, whose default action would kill the whole test
/// process and every test left in it; the writer blocks SIGPIPE on its own thread, so the write fails with
/// EPIPE instead, and ``Result/inputUnread`` says how many bytes the child never took.
///
/// A child that wrote a sanitizer report fails the test that ran it, whatever its status (``SanitizerReport``).
public enum ChildProcess {
    /// What a child printed and how it exited.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: Data
        public let stderr: Data
        /// Bytes of the standard input given that the child closed its end before reading (0 when it took
        /// them all, or was given none).
        public let inputUnread: Int
    }

    /// A child that did not exit, or whose output pipes did not close, in time: killed, and the run failed.
    public struct Timeout: Error, CustomStringConvertible {
        public let command: String
        public let seconds: Double
        public var description: String { "\(command) did not exit within \(seconds) s and was killed" }
    }

    /// Foundation's `Process.run()` crashed (a bad pointer in its memmove) when threads of their own started
    /// children at the same moment; one child is started at a time, and waited for in parallel.
    public static let spawnLock = NSLock()

    /// Seconds a child may run before it is killed: a hang fails a test instead of stalling CI.
    public static let defaultTimeout: Double = 120

    /// Runs `executable` with `arguments`; `stdin` nil gives the child an empty, closed standard input.
    public static func run(
        _ executable: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil,
        directory: URL? = nil, timeout: Double = defaultTimeout, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory {
            process.currentDirectoryURL = directory
        }
        if let environment {
            let inherited = ProcessInfo.processInfo.environment
            var merged = SanitizerReport.environment(environment, inheriting: inherited)
            // make mutation's block under test (Scripts/mutation-schemata.py) holds in a child given an
            // environment of its own, as in one that inherits this one.
            if merged["RECEIPT_MUTANT"] == nil { merged["RECEIPT_MUTANT"] = inherited["RECEIPT_MUTANT"] }
            process.environment = merged
        }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try start(process)
        // Each pipe on its own thread: a full pipe would otherwise block both sides.
        let pipes = DispatchGroup()
        let outputData = Handoff<Data>(Data())
        let errorData = Handoff<Data>(Data())
        let unread = Handoff<Int>(0)
        func onThread(_ work: @escaping @Sendable () -> Void) {
            pipes.enter()
            Thread {
                work()
                pipes.leave()
            }.start()
        }
        let writer = input.fileHandleForWriting
        onThread {
            unread.set(feed(stdin ?? Data(), to: writer.fileDescriptor))
            try? writer.close()
        }
        // Each read end is closed once read, not left to the handle's deallocation: the suite's descriptors
        // grew by two a child to over 1,800 (their handles outlive the run), and Foundation's `Process.run`,
        // which lists /proc/self/fd, then wrote past a buffer (a crash at about 1,360, seen in CI's run).
        let reader = out.fileHandleForReading
        let errorReader = err.fileHandleForReading
        onThread {
            outputData.set(reader.readDataToEndOfFile())
            try? reader.close()
        }
        onThread {
            errorData.set(errorReader.readDataToEndOfFile())
            try? errorReader.close()
        }
        let command = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            if exited.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
            pipes.wait()
            throw Timeout(command: command, seconds: timeout)
        }
        // The child has exited; its pipes close with it (a grandchild holding them is a hang too).
        if pipes.wait(timeout: .now() + timeout) == .timedOut {
            throw Timeout(command: command + " (its output pipes)", seconds: timeout)
        }
        SanitizerReport.check(
            String(decoding: errorData.value, as: UTF8.self), of: command, status: process.terminationStatus,
            sourceLocation: sourceLocation)
        return Result(
            status: process.terminationStatus, stdout: outputData.value, stderr: errorData.value,
            inputUnread: unread.value)
    }

    /// Starts `process` with an empty signal mask: the test runner's threads (Dispatch's) block SIGTERM,
    /// SIGINT, SIGQUIT and more, a mask a child started with it would keep, and then could not be stopped
    /// by those signals. The calling thread's mask is emptied for the spawn alone and put back, under the
    /// spawn lock. Not from a thread of its own: a new thread gets a new malloc arena, mapped only as far
    /// as it is used, and Foundation's `Process.run` copies 256 bytes of each /proc/self/fd entry's name
    /// from its directory buffer, which then runs off the arena's mapping (a crash, seen in the suite).
    public static func start(_ process: Process) throws {
        try spawnLock.withLock {
            var empty = sigset_t()
            var kept = sigset_t()
            sigemptyset(&empty)
            pthread_sigmask(SIG_SETMASK, &empty, &kept)
            defer { pthread_sigmask(SIG_SETMASK, &kept, nil) }
            try process.run()
        }
    }

    /// Writes `bytes` to `descriptor` until done or the reader is gone; returns how many were not written.
    /// SIGPIPE stays blocked on this thread, which ends after the write: a pending SIGPIPE, thread-directed,
    /// ends with it and never reaches the process.
    static func feed(_ bytes: Data, to descriptor: Int32) -> Int {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        return bytes.withUnsafeBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            return buffer.count - offset
        }
    }

    /// A value handed from a pipe's thread to the caller.
    final class Handoff<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value

        init(_ initial: Value) { stored = initial }
        func set(_ value: Value) { lock.withLock { stored = value } }
        var value: Value { lock.withLock { stored } }
    }
}
