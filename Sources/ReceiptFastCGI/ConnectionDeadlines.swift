internal import CFastCGI
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every open connection's deadline, and the watcher that cuts a connection past it (shuts its socket down,
/// so that whichever thread reads or writes it returns at once): no client, however slow, holds a thread
/// longer than its request's time limit, whether it stalls before its parameters, in its body, or while
/// its answer is drained.
final class ConnectionDeadlines: Sendable {
    private struct Entry {
        let socket: Int32
        var deadline: Double
    }

    private struct State {
        var next: UInt64 = 0
        var entries: [UInt64: Entry] = [:]
        var stopped = false
    }

    private let state = Mutex(State())
    /// How often the watcher looks: the deadlines' granularity.
    static let interval: Double = 0.02

    /// The monotonic clock the deadlines are on, in seconds.
    static func now() -> Double { CFastCGI_now() }

    /// Watches `socket` until `release`; its token.
    func register(_ socket: Int32, deadline: Double) -> UInt64 {
        state.withLock { state in
            state.next += 1
            state.entries[state.next] = Entry(socket: socket, deadline: deadline)
            return state.next
        }
    }

    /// Brings the deadline forward to `deadline` (never back).
    func shorten(_ token: UInt64, to deadline: Double) {
        state.withLock { state in
            if let entry = state.entries[token], deadline < entry.deadline {
                state.entries[token]?.deadline = deadline
            }
        }
    }

    /// Stops watching; called before the socket is closed, so that a number the system reuses is never cut.
    func release(_ token: UInt64) {
        _ = state.withLock { $0.entries.removeValue(forKey: token) }
    }

    /// Cuts every connection past its deadline at `now` and stops watching it; how many.
    @discardableResult
    func cutOverdue(now: Double) -> Int {
        state.withLock { state in
            let overdue = state.entries.filter { $0.value.deadline <= now }
            for (token, entry) in overdue {
                // Under the lock: the owner releases before it closes, so the socket is still this connection's.
                _ = CFastCGI_cut(entry.socket)
                state.entries.removeValue(forKey: token)
            }
            return overdue.count
        }
    }

    /// Runs the watcher on the calling thread until `stop`.
    func watch() {
        while !state.withLock({ $0.stopped }) {
            cutOverdue(now: Self.now())
            _ = usleep(UInt32(Self.interval * 1_000_000))
        }
    }

    func stop() {
        state.withLock { $0.stopped = true }
    }
}
