import Dispatch
import Synchronization

/// Bounds what a batch holds at once: the inputs read ahead, being checked or waiting to be
/// printed, both in number and in bytes.
///
/// The producer (one thread) takes a place before queueing each input and waits while the
/// window is full; the place and its bytes come back when the input's report is printed. An
/// input larger than the byte budget is still let in when the window is empty, so every input
/// within `--max-size` is checked, one at a time if need be: memory follows the largest input,
/// not the number of jobs times the read-ahead.
final class ReadAheadWindow: Sendable {
    struct Held: Equatable {
        var count = 0
        var bytes = 0
    }

    private struct State {
        var held = Held()
        var producerWaiting = false
    }

    let maxCount: Int
    let maxBytes: Int
    private let state = Mutex(State())
    private let wakeup = DispatchSemaphore(value: 0)

    init(maxCount: Int, maxBytes: Int) {
        self.maxCount = max(1, maxCount)
        self.maxBytes = max(0, maxBytes)
    }

    /// What is held now.
    var held: Held { state.withLock { $0.held } }

    /// Takes a place for an input of `bytes` if one is free now; false when the window is full.
    func tryAcquire(bytes: Int) -> Bool {
        state.withLock { state in
            admit(bytes, &state)
        }
    }

    /// Takes a place for an input of `bytes`, waiting until enough has been printed. One
    /// producer only: a release wakes the one waiter, which then checks again.
    func acquire(bytes: Int) {
        while true {
            let admitted = state.withLock { state in
                if admit(bytes, &state) {
                    return true
                }
                state.producerWaiting = true
                return false
            }
            if admitted {
                return
            }
            wakeup.wait()
        }
    }

    /// Holds `bytes` more for an input already let in: its report came out larger than it, and what
    /// waits to be printed (a reader that does not read) counts as much as what waits to be checked.
    func grow(bytes: Int) {
        state.withLock { $0.held.bytes += bytes }
    }

    /// Gives back the place of an input of `bytes` (its report was printed).
    ///
    /// A waiting producer is woken once the window is half empty (or empty), not per printed report, so it
    /// queues many inputs per context switch and always goes on.
    func release(bytes: Int) {
        let wake = state.withLock { state in
            state.held.count -= 1
            state.held.bytes -= bytes
            guard state.producerWaiting, state.held.count <= maxCount / 2 else { return false }
            state.producerWaiting = false
            return true
        }
        if wake {
            wakeup.signal()
        }
    }

    private func admit(_ bytes: Int, _ state: inout State) -> Bool {
        let fits = state.held.count < maxCount && state.held.bytes + bytes <= maxBytes
        guard state.held.count == 0 || fits else { return false }
        state.held.count += 1
        state.held.bytes += bytes
        return true
    }
}
