import ReceiptKit

extension ExitStatus {
    /// The status one report calls for.
    init(_ report: ValidationReport) {
        switch report.status {
        case .valid: self = .valid
        case .invalid:
            switch report.reason {
            case .internalError?: self = .internalError
            case .revocationUnavailable?: self = .temporaryFailure
            default: self = .invalid
            }
        case .malformed: self = ExitStatus(unread: report.reason ?? .malformed)
        case .unreadable: self = .noInput
        }
    }

    /// The status of an input (or a file the run needs) that could not be read or decoded: a file
    /// that could not be read is "no input", a failure of our own an internal error, anything else
    /// malformed data.
    init(unread reason: ReasonCode) {
        switch reason {
        case .unreadableInput: self = .noInput
        case .internalError: self = .internalError
        default: self = .malformed
        }
    }

    /// How bad a status is when several inputs disagree: the worst one is the run's status.
    /// Lost output outranks everything (what was printed is incomplete), then internal errors,
    /// usage errors and uncreatable outputs, then the App Store Server API refusing the credentials, not
    /// reachable safely, or not knowing the id, then unreadable inputs, undecodable ones, inputs whose
    /// verdict must wait (a retry can settle them), invalid ones, and "valid but not entitled".
    var severity: Int {
        switch self {
        case .valid: 0
        case .notEntitled: 1
        case .invalid: 2
        case .temporaryFailure: 3
        case .malformed: 4
        case .noInput: 5
        case .notFound: 6
        case .unavailable: 7
        case .badCredentials: 8
        case .cantCreate: 9
        case .usage: 10
        case .internalError: 11
        case .ioError: 12
        }
    }

    static func worst(_ statuses: some Sequence<ExitStatus>) -> ExitStatus {
        statuses.max { $0.severity < $1.severity } ?? .valid
    }
}
