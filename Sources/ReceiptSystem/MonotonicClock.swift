#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's monotonic clock (`CLOCK_MONOTONIC`): elapsed time that no change of the date moves.
public enum MonotonicClock {
    /// Seconds since an unspecified start, for measuring intervals.
    public static func seconds() -> Double {
        var time = timespec()
        // The timespec is a local that lives for the call; clock_gettime only fills it.
        _ = unsafe clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
