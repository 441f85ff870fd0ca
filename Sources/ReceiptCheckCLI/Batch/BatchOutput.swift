import Dispatch
import ReceiptKit
import ReceiptSystem
import Synchronization

/// Prints results in input order as they arrive from the workers, and keeps the run's tally.
///
/// A result that arrives early waits in a reorder buffer; the run's window (which the producer
/// takes a place in per input, given back here once printed) bounds that buffer, so memory
/// does not grow with the number of inputs.
///
/// Reports are written in blocks: one `write` per report cost a system call and a turn of the lock
/// for every input. A block goes out when it reaches `blockSize`, when no other input is in flight
/// (so a report is never held back waiting for work that is not there, as when lines arrive
/// slowly on a pipe), before anything goes to standard error (so the two streams keep their
/// order), and at the end of the run. A report of a block or more is written as it is, never copied.
final class BatchOutput: Sendable {
    private struct State {
        var next = 0
        var waiting: [Int: (result: BatchResult, bytes: Int)] = [:]
        var summary = BatchSummary()
        var worst = ExitStatus.valid
        var lastProgress: Double = 0
        var progressShown = false
        /// Reports printed but not yet written.
        var block: [UInt8] = []
    }

    static let blockSize = 64 << 10

    private let state: Mutex<State>
    private let console: Console
    private let window: ReadAheadWindow
    private let ordered: Bool
    private let progress: Bool
    private let started: Double

    /// `opening`: what the format writes before the first report (`ReportFormat.opening`).
    init(console: Console, window: ReadAheadWindow, ordered: Bool, progress: Bool, opening: String = "") {
        var initial = State()
        initial.block = Array(opening.utf8)
        state = Mutex(initial)
        self.console = console
        self.window = window
        self.ordered = ordered
        self.progress = progress
        started = Self.now()
    }

    /// Hands over the result of input number `index` (counted from 0), which held `bytes` of the window.
    func deliver(_ index: Int, _ result: BatchResult, bytes input: Int) {
        // Until printed, a report holds the window by its own size when that is the larger.
        let bytes = max(input, result.output.count)
        if bytes > input {
            window.grow(bytes: bytes - input)
        }
        state.withLock { state in
            var errors = ""
            var printed: [Int] = []
            if ordered, index != state.next {
                state.waiting[index] = (result, bytes)
            } else {
                // The one awaited goes straight out: a single input never touches the reorder buffer,
                // whose first use costs a scan of every conformance record of the process.
                add(result, to: &state, errors: &errors)
                printed.append(bytes)
                if ordered {
                    state.next += 1
                    while !state.waiting.isEmpty, let ready = state.waiting.removeValue(forKey: state.next) {
                        add(ready.result, to: &state, errors: &errors)
                        state.next += 1
                        printed.append(ready.bytes)
                    }
                }
            }
            // Places are given back here, under the lock, so the last delivery of a burst sees the
            // window empty whichever worker gets here first: nothing else will come to write this block.
            for bytes in printed {
                window.release(bytes: bytes)
            }
            let idle = window.held.count == 0
            if !errors.isEmpty {
                flush(&state)
                clearProgress(&state)
                console.err(errors)
            }
            if idle || state.block.count >= Self.blockSize {
                flush(&state)
            }
            if progress, !printed.isEmpty {
                showProgress(&state)
            }
        }
    }

    /// Ends the run: writes what the format ends it with (`closing`, given the counts), clears the
    /// progress line, prints the summary unless `quiet`, gives the status.
    func finish(
        summary wanted: Bool, blankLines: Int = 0, closing: (BatchSummary) -> String = { _ in "" }
    ) -> ExitStatus {
        let seconds = Self.now() - started
        return state.withLock { state in
            state.summary.blankLines = blankLines
            state.block += closing(state.summary).utf8
            flush(&state)
            clearProgress(&state)
            if wanted {
                console.err(state.summary.line(seconds: seconds))
            }
            return state.worst
        }
    }

    private func add(_ result: BatchResult, to state: inout State, errors: inout String) {
        if result.output.count < Self.blockSize {
            state.block += result.output
        } else {
            flush(&state)
            console.out(bytes: result.output)
        }
        if let error = result.error {
            errors += "receipt-check: error: \(TerminalText.escaped(error))\n"
        }
        state.summary.count(result.reportStatus, reason: result.reason)
        state.worst = ExitStatus.worst([state.worst, result.status])
    }

    private func flush(_ state: inout State) {
        guard !state.block.isEmpty else { return }
        console.out(bytes: state.block)
        state.block = []
    }

    /// Redraws `N checked, R/s` at most five times a second, once the run has lasted a second.
    private func showProgress(_ state: inout State) {
        let now = Self.now()
        let elapsed = now - started
        guard elapsed >= 1, now - state.lastProgress >= 0.2 else { return }
        flush(&state)
        state.lastProgress = now
        state.progressShown = true
        let total = state.summary.total
        console.err("\r\u{1B}[Kreceipt-check: \(total) checked, \(Int(Double(total) / elapsed)) receipts/s")
    }

    private func clearProgress(_ state: inout State) {
        guard state.progressShown else { return }
        state.progressShown = false
        console.err("\r\u{1B}[K")
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        MonotonicClock.seconds()
    }
}
