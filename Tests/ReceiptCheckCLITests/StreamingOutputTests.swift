import Dispatch
import Foundation
import Testing

/// Reports are written in blocks, but never held back for work that is not there: a run reading
/// lines from a pipe prints each report while the pipe is still open.
@Suite struct StreamingOutputTests {
    /// Two workers deliver the first two reports at about the same moment, whichever first: the
    /// exchange is repeated so that both orders are met.
    @Test func reportsAppearWhileStandardInputStaysOpen() throws {
        for _ in 0..<5 {
            guard try exchange() else { return }
        }
    }

    /// One run fed three lines; false, with the failure recorded, when a report was held back.
    private func exchange() throws -> Bool {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["--lines", "--format", "ndjson", "--quiet", "--jobs", "2"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
        }
        let lines = LineCounter()
        let reader = Thread {
            while true {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                lines.add(data)
            }
        }
        reader.start()

        // The run starts its workers once it has two inputs; each report must then come out
        // without waiting for more input or for the end of it.
        input.fileHandleForWriting.write(Data("not a receipt\nnor this\n".utf8))
        guard lines.wait(for: 2, seconds: 20) else {
            Issue.record("the first two reports were held back while stdin stayed open")
            return false
        }
        input.fileHandleForWriting.write(Data("nor this one\n".utf8))
        guard lines.wait(for: 3, seconds: 20) else {
            Issue.record("the third report was held back while stdin stayed open")
            return false
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 65)
        #expect(lines.count == 3)
        return true
    }
}

/// Newlines seen on the child's standard output, counted as they arrive.
private final class LineCounter: @unchecked Sendable {
    private let condition = NSCondition()
    private var seen = 0

    var count: Int { condition.withLock { seen } }

    func add(_ data: Data) {
        condition.withLock {
            seen += data.filter { $0 == 0x0A }.count
            condition.broadcast()
        }
    }

    /// Whether `count` newlines arrived within `seconds`.
    func wait(for count: Int, seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        return condition.withLock {
            while seen < count {
                if !condition.wait(until: deadline) { return seen >= count }
            }
            return true
        }
    }
}
