import Dispatch
import Synchronization

/// Runs async library work to its end from the command's synchronous code: the command does one thing
/// at a time, so the calling thread waits while a task does it.
enum AsyncWait {
    static func result<Success: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () async -> Result<Success, Failure>
    ) -> Result<Success, Failure> {
        let done = DispatchSemaphore(value: 0)
        let box = Mutex<Result<Success, Failure>?>(nil)
        Task.detached {
            let value = await work()
            box.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        // The task stored its result before it signalled.
        while true {
            if let value = box.withLock({ $0 }) { return value }
        }
    }
}
