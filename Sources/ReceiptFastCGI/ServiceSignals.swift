internal import CFastCGI

/// The signals an operator sends the service: SIGTERM and SIGINT stop it, SIGHUP reloads its configuration.
public enum ServiceSignals {
    public enum Signal: Sendable {
        case stop
        case reload
    }

    /// Blocks the service's signals in the calling thread and in every thread it starts afterwards, so that
    /// only `next()` takes them. Call before starting any thread.
    public static func block() -> Bool {
        CFastCGI_block_signals() == 0
    }

    /// Waits for the next of the service's signals (blocked first with `block`); a failed wait stops.
    public static func next() -> Signal {
        let number = CFastCGI_wait_signal()
        return number >= 0 && CFastCGI_is_reload(number) != 0 ? .reload : .stop
    }

    /// Asks the thread that waits in `next()` to stop the service (a worker or acceptor that cannot go on).
    public static func raiseStop() {
        _ = CFastCGI_raise_stop()
    }
}
