import Dispatch
import Synchronization

/// Runs async library work to its end from synchronous code: the command does one thing at a time, so it waits.
enum AsyncWait {
    static func result<Success: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () async -> Result<Success, Failure>
    ) -> Result<Success, Failure> {
        let done = DispatchSemaphore(value: 0)
        // The caller may exit as soon as it has the result: the task lets go of the work, its captures (rule boxes
        // LeakSanitizer cannot see through) and its copy of the result before it signals, so none is left at exit.
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
