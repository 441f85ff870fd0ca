internal import CFastCGI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Threads of the service: each runs a body to its end, and `join` waits for all of them.
public final class ServiceThreads {
    private var threads: [pthread_t] = []

    public init() {}

    /// Starts `body` on a thread of its own; false when the system refuses one.
    public func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = unsafe Unmanaged.passRetained(ThreadBody(body))
        var thread = pthread_t()
        // The box is retained for the thread, which takes it back (and releases it) when it starts.
        let status = unsafe CFastCGI_spawn(&thread, ServiceThreads.entry, box.toOpaque())
        guard status == 0 else {
            unsafe box.release()
            return false
        }
        threads.append(thread)
        return true
    }

    /// Waits for every thread started to return.
    public func join() {
        for thread in threads {
            _ = CFastCGI_join(thread)
        }
        threads = []
    }

    private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        guard let context = unsafe context else { return nil }
        // The opaque pointer is the box `start` retained for this thread: taken back once, here.
        let body = unsafe Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
        body.run()
        return nil
    }
}

/// A thread's body, boxed for the C entry point.
private final class ThreadBody {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}
