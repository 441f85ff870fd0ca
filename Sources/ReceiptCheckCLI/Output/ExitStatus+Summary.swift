extension ExitStatus {
    /// What the status tells a script, for the help text and the man page.
    var summary: String {
        switch self {
        case .valid: "every input is valid (inspect: every input could be decoded)"
        case .notEntitled: "every input is valid, but a required entitlement is not granted"
        case .invalid: "some input is not trustworthy, or not for this app, device, version or environment"
        case .undecided:
            "every input is valid and no required entitlement is denied, but one is unknown: the input cannot tell"
                + " (too old for --max-age, a fact, field or platform missing; its reason_code says which): ask"
                + " Apple again (a fresh transaction, a refreshed receipt, verify --refresh) and decide on that"
        case .usage: "usage error"
        case .malformed: "some input could not be decoded"
        case .noInput: "some input could not be read, or a batch found no input at all"
        case .internalError: "internal error"
        case .cantCreate: "an output file could not be created"
        case .temporaryFailure:
            "no verdict now: a check needs a system that did not answer (the App Store Server API after its"
                + " retries, or a revocation status not proven); try again"
        case .notFound:
            "the App Store Server API does not know what was asked for (HTTP 404 or one of Apple's not-found"
                + " errors, such as 4040010 transaction id not found): no verdict; check the id and --environment"
        case .unavailable:
            "the App Store Server API could not be reached safely (its TLS certificate not trusted, the CA file"
                + " unreadable, libcurl missing): no verdict; retrying the same way gets the same"
        case .badCredentials:
            "Apple refused the credentials (HTTP 401): check the key file, key id, issuer id, bundle id and"
                + " environment; retrying gets the same"
        case .ioError: "a write to standard output, standard error or an output file failed (nothing more is checked)"
        }
    }
}
