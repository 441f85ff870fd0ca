import Dispatch
import Synchronization

/// Runs async library work to its end from the command's synchronous code: the command does one thing
/// at a time, so the calling thread waits while a task does it.
enum AsyncWait {
    static func result<Success: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () async -> Result<Success, Failure>
    ) -> Result<Success, Failure> {
        let done = DispatchSemaphore(value: 0)
        // The caller may exit the process as soon as it has the result, while the task is still ending. So
        // the task lets go of the work, what it captured (the rules, whose indirect enum boxes LeakSanitizer
        // cannot see through) and its copy of the result before it signals, and the caller takes the result
        // out of the box: what the command made is not left in a task at exit.
        let pending = Mutex<(@Sendable () async -> Result<Success, Failure>)?>(work)
        let box = Mutex<Result<Success, Failure>?>(nil)
        Task.detached {
            await perform(pending.withLock { $0.take() }, into: box)
            done.signal()
        }
        done.wait()
        // The task stored its result before it signalled.
        while true {
            if let value = box.withLock({ $0.take() }) { return value }
        }
    }

    /// Runs the work taken from `pending` into `box`; the work and this copy of its result are released
    /// when this returns, before the task signals.
    private static func perform<Success: Sendable, Failure: Error>(
        _ work: (@Sendable () async -> Result<Success, Failure>)?, into box: borrowing Mutex<Result<Success, Failure>?>
    ) async {
        guard let work else { return }
        let value = await work()
        box.withLock { $0 = value }
    }
}
