import Dispatch
import Synchronization

/// A first-in first-out queue between one producer and several worker threads.
///
/// It is not bounded itself: the producer takes a slot of the run's window before each `put`,
/// so the queue never holds more than the window.
final class WorkQueue<Element: Sendable>: Sendable {
    private struct Storage {
        var items: [Element?] = []
        var head = 0
    }

    private let storage = Mutex(Storage())
    private let available = DispatchSemaphore(value: 0)

    /// Adds an item, or with nil a "no more work" marker that ends one worker.
    func put(_ item: Element?) {
        storage.withLock { $0.items.append(item) }
        available.signal()
    }

    /// Waits for the next item; nil means the worker should stop.
    func take() -> Element? {
        available.wait()
        return storage.withLock { storage in
            let item = storage.items[storage.head]
            storage.items[storage.head] = nil
            storage.head += 1
            if storage.head >= 256, storage.head * 2 >= storage.items.count {
                storage.items.removeFirst(storage.head)
                storage.head = 0
            }
            return item
        }
    }
}
