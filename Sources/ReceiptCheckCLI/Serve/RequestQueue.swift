import Dispatch
import ReceiptSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The accepted requests waiting for a worker, at most `capacity`: a request that finds it full is answered
/// 503 at once instead of waiting without bound. Closing it lets the workers finish what it holds, then stop.
final class RequestQueue<Job: Sendable>: Sendable {
    private struct State {
        var jobs: [Job] = []
        var head = 0
        var closed = false
    }

    let capacity: Int
    private let state = Mutex(State())
    /// One signal a job, and one a worker when closed.
    private let ready = DispatchSemaphore(value: 0)

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds a job; false when the queue is full or closed (the caller answers it).
    func push(_ job: Job) -> Bool {
        let added = state.withLock { state in
            guard !state.closed, state.jobs.count - state.head < capacity else { return false }
            state.jobs.append(job)
            return true
        }
        if added { ready.signal() }
        return added
    }

    /// Adds a job, waiting up to `seconds` for room (workers take jobs in bounded time); false if full or closed.
    func push(_ job: Job, waitingUpTo seconds: Double) -> Bool {
        let deadline = MonotonicClock.seconds() + seconds
        while !push(job) {
            guard !state.withLock({ $0.closed }), MonotonicClock.seconds() < deadline else { return false }
            _ = usleep(1000)
        }
        return true
    }

    /// The next job, waiting for one; nil once the queue is closed and empty.
    func pop() -> Job? {
        while true {
            ready.wait()
            let next: Job?? = state.withLock { state in
                if state.head < state.jobs.count {
                    let job = state.jobs[state.head]
                    state.head += 1
                    // Compacted once the taken part is at least half: amortised O(1), bounded by capacity.
                    if state.head * 2 >= state.jobs.count {
                        state.jobs.removeFirst(state.head)
                        state.head = 0
                    }
                    return .some(job)
                }
                return state.closed ? .some(nil) : nil
            }
            if let next { return next }
        }
    }

    /// No job is added after this; `workers` waiting workers are woken so that each finds it closed.
    func close(workers: Int) {
        state.withLock { $0.closed = true }
        for _ in 0..<workers { ready.signal() }
    }
}
