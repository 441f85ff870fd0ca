/// When the client sends a request again: after a 429, a 5xx or a network failure, with exponential
/// backoff and jitter; a pure function, so tests need no clock and no sleep. The defaults make four attempts
/// within a minute, waiting half a second at first and never more than eight.
package struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included.
    package var maximumAttempts = 4
    /// The backoff before the second attempt; each later one doubles it.
    package var baseDelay: Duration = .milliseconds(500)
    /// No backoff is longer.
    package var maximumDelay: Duration = .seconds(8)
    /// No retry starts after this much time since the first attempt started (waits included).
    package var maximumTotal: Duration = .seconds(60)

    /// No retry: one attempt.
    package static let never = RetryPolicy(maximumAttempts: 1)

    /// The wait before the attempt after `attempt` (1 for the first), nil to give up; `random` in [0, 1).
    /// "Equal jitter", so that clients that failed together do not come back together; a `Retry-After` is
    /// waited in full, or the client gives up at once when it would end past `maximumTotal`.
    package func delay(afterAttempt attempt: Int, retryAfter: Duration?, elapsed: Duration, random: Double) -> Duration?
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

    /// A `Retry-After` header's delay in seconds (Apple's form); anything else is ignored.
    package static func retryAfter(_ header: String?) -> Duration? {
        guard let header, !header.isEmpty, header.utf8.count <= 12,
            header.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let seconds = Int64(header)
        else { return nil }
        return .seconds(seconds)
    }
}
