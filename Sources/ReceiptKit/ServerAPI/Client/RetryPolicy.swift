/// When the client sends a request again: after a 429 (waiting what `Retry-After` asks), a 5xx or a
/// network failure, with exponential backoff and jitter, bounded in attempts and in total time. A pure
/// function of the attempt, the time spent and a random number, so tests need no clock and no sleep.
package struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included.
    package var maximumAttempts: Int
    /// The backoff before the second attempt; each later one doubles it.
    package var baseDelay: Duration
    /// No backoff is longer.
    package var maximumDelay: Duration
    /// No retry starts after this much time since the first attempt started (waits included).
    package var maximumTotal: Duration

    /// A policy of these bounds; the defaults make four attempts within a minute, waiting half a second
    /// at first and never more than eight.
    package init(
        maximumAttempts: Int = 4, baseDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(8),
        maximumTotal: Duration = .seconds(60)
    ) {
        self.maximumAttempts = maximumAttempts
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumTotal = maximumTotal
    }

    /// No retry: one attempt.
    package static let never = RetryPolicy(maximumAttempts: 1)

    /// The wait before the next attempt, after attempt number `attempt` (1 for the first) failed in a way
    /// worth retrying; nil to give up. `retryAfter`: what a 429 asked for; `elapsed`: the time since the
    /// first attempt started; `random`: uniform in [0, 1), the jitter.
    ///
    /// The backoff is "equal jitter": half of `min(maximumDelay, baseDelay * 2^(attempt-1))` plus a random
    /// part of the other half, so clients that failed together do not come back together. A `Retry-After`
    /// is waited in full (never less), and when it would end past `maximumTotal` the client gives up at
    /// once rather than wait for nothing.
    package func delay(afterAttempt attempt: Int, retryAfter: Duration?, elapsed: Duration, random: Double)
        -> Duration?
    {
        guard attempt >= 1, attempt < maximumAttempts else { return nil }
        let exponent = min(attempt - 1, 30)
        let ceiling = min(maximumDelay, baseDelay * (1 << exponent))
        let jitter = min(max(random, 0), 1)
        var wait = ceiling / 2 + (ceiling / 2) * jitter
        if let retryAfter {
            wait = max(wait, retryAfter)
        }
        guard elapsed + wait <= maximumTotal else { return nil }
        return wait
    }

    /// A `Retry-After` header's delay: Apple's is a number of seconds; an HTTP date or anything else is
    /// ignored (the backoff applies), a huge number is kept so that the total bound refuses it.
    package static func retryAfter(_ header: String?) -> Duration? {
        guard let header, !header.isEmpty, header.utf8.count <= 12,
            header.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let seconds = Int64(header)
        else { return nil }
        return .seconds(seconds)
    }
}
