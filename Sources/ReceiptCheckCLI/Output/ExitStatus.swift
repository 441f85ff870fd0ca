/// Exit statuses. Verdicts are small numbers; failures to run follow sysexits.h.
enum ExitStatus: Int32, CaseIterable {
    /// Every input is valid (and, with rules, entitled).
    case valid = 0
    /// Every input is valid, but a required entitlement is not granted.
    case notEntitled = 1
    /// Some input is not trustworthy, or not for this app, device, version or environment.
    case invalid = 2
    /// Every input is valid, none denies a required entitlement, but one cannot tell (too old for the
    /// age limit, a fact or the platform missing): ask Apple again.
    case undecided = 3
    case usage = 64
    /// Some input could not be decoded.
    case malformed = 65
    /// Some input could not be read.
    case noInput = 66
    case internalError = 70
    /// An output file could not be created.
    case cantCreate = 73
    /// A write to standard output, standard error or an output file failed.
    case ioError = 74
    /// A check needs a system that did not answer now (the App Store Server API after its retries, a
    /// revocation status not proven): no verdict; try again.
    case temporaryFailure = 75
    /// The App Store Server API does not know what was asked for (HTTP 404 or one of Apple's not-found
    /// errors): no verdict.
    case notFound = 67
    /// The App Store Server API could not be reached safely (its TLS certificate not trusted, the CA file
    /// unreadable, libcurl missing): nothing was sent or nothing was believed.
    case unavailable = 69
    /// Apple refused the credentials (HTTP 401): the key, key id, issuer id, bundle id or environment.
    case badCredentials = 77
}
