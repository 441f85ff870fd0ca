import Dispatch
import Foundation
import Testing

@testable import ReceiptCheckCLI

/// The batch read-ahead (`ReadAheadWindow`) is bounded in bytes as well as in inputs, so a run over large lines
/// holds about one budget of input whatever `--jobs` is.
@Suite struct BatchReadAheadTests {
    @Test func bytesBoundTheWindowBeforeTheCountDoes() {
        let window = ReadAheadWindow(maxCount: 64, maxBytes: 100)
        #expect(window.tryAcquire(bytes: 60))
        #expect(window.tryAcquire(bytes: 40))
        #expect(!window.tryAcquire(bytes: 1))
        #expect(window.held == ReadAheadWindow.Held(count: 2, bytes: 100))
        window.release(bytes: 60)
        #expect(!window.tryAcquire(bytes: 61))
        #expect(window.tryAcquire(bytes: 60))
    }

    /// A reader that does not read stalls the workers: a report waiting to be printed holds the window by
    /// its own size, so reports larger than their inputs are not buffered past the budget.
    @Test func aReportWaitingToBePrintedHoldsTheWindowByItsSize() {
        let window = ReadAheadWindow(maxCount: 64, maxBytes: 1_000)
        let output = BatchOutput(console: Console(), window: window, ordered: true, progress: false)
        #expect(window.tryAcquire(bytes: 10))
        #expect(window.tryAcquire(bytes: 10))
        let report = BatchResult(
            output: Array(repeating: UInt8(ascii: "x"), count: 600), error: nil, status: .valid, reportStatus: .valid,
            reason: nil)
        // The second input's report waits for the first, which is still being checked.
        output.deliver(1, report, bytes: 10)
        #expect(window.held == ReadAheadWindow.Held(count: 2, bytes: 610))
        #expect(!window.tryAcquire(bytes: 400))
    }

    /// A check holds several times its input (`rss-check`'s 1.6 MB lines about 12 MB each): the run's
    /// budget lets two such lines in flight, not one per job, so memory stays bounded at any `--jobs`.
    @Test func theRunsBudgetHoldsFewLargeLinesAtAnyJobs() {
        for jobs in [1, 8, 64] {
            let window = ReadAheadWindow(maxCount: jobs * 64, maxBytes: BatchRunner.byteBudget)
            var admitted = 0
            while admitted < jobs * 64, window.tryAcquire(bytes: 1_605_581) { admitted += 1 }
            #expect(admitted == 2, "--jobs \(jobs)")
        }
    }

    @Test func anInputOverTheBudgetIsLetInAlone() {
        let window = ReadAheadWindow(maxCount: 64, maxBytes: 100)
        #expect(window.tryAcquire(bytes: 1_000))
        #expect(!window.tryAcquire(bytes: 0))
        window.release(bytes: 1_000)
        #expect(window.tryAcquire(bytes: 10))
        #expect(!window.tryAcquire(bytes: 1_000))
    }

    @Test func theCountStillBoundsSmallInputs() {
        let window = ReadAheadWindow(maxCount: 3, maxBytes: 1 << 30)
        for _ in 0..<3 {
            #expect(window.tryAcquire(bytes: 1))
        }
        #expect(!window.tryAcquire(bytes: 1))
        #expect(window.held == ReadAheadWindow.Held(count: 3, bytes: 3))
    }

    /// One producer, four consumers printing out of order: what is held never exceeds the
    /// budget (or one input over it), and every place comes back.
    @Test func heldBytesStayWithinTheBudgetUnderConcurrency() {
        let window = ReadAheadWindow(maxCount: 64, maxBytes: 1_000)
        let queue = WorkQueue<Int>()
        let group = DispatchGroup()
        var overBudget = 0
        for _ in 0..<4 {
            DispatchQueue.global().async(group: group) {
                while let bytes = queue.take() {
                    window.release(bytes: bytes)
                }
            }
        }
        let sizes = (0..<2_000).map { index in index % 97 == 0 ? 5_000 : (index * 37) % 400 }
        for bytes in sizes {
            window.acquire(bytes: bytes)
            let held = window.held
            if held.bytes > max(1_000, bytes) || held.count > 64 {
                overBudget += 1
            }
            queue.put(bytes)
        }
        for _ in 0..<4 {
            queue.put(nil)
        }
        group.wait()
        #expect(overBudget == 0)
        #expect(window.held == ReadAheadWindow.Held())
    }

    @Test func aFileHoldsItsSizeUpToTheLimitAndAStreamTheLimit() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("held-\(UUID().uuidString)")
        try Data(count: 5_000).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(BatchInput(name: "f", content: .path(file.path, directoryHint: "")).heldBytes(limit: 1 << 20) == 5_000)
        #expect(BatchInput(name: "f", content: .path(file.path, directoryHint: "")).heldBytes(limit: 1_000) == 1_000)
        #expect(BatchInput(name: "-", content: .path("-", directoryHint: "")).heldBytes(limit: 1_000) == 1_000)
        #expect(BatchInput(name: "l", content: .bytes([1, 2, 3])).heldBytes(limit: 1_000) == 3)
    }
}
