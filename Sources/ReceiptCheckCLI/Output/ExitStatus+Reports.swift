import ReceiptKit

extension ExitStatus {
    /// The status one report calls for.
    /// The library's (`ValidationReport.exitStatus`), so that a program linking it reads the same.
    init(_ report: ValidationReport) {
        self = ExitStatus(rawValue: report.exitStatus) ?? .internalError
    }

    /// The status of an input (or a file the run needs) that could not be read or decoded: a file
    /// that could not be read is "no input", a failure of our own an internal error, anything else
    /// malformed data.
    init(unread reason: ReasonCode) {
        self = ExitStatus(rawValue: ValidationReport.exitStatus(unread: reason)) ?? .internalError
    }

    /// How bad a status is when several inputs disagree: the worst one is the run's status.
    /// Lost output outranks everything (what was printed is incomplete), then internal errors,
    /// usage errors and uncreatable outputs, then the App Store Server API refusing the credentials, not
    /// reachable safely, or not knowing the id, then unreadable inputs, undecodable ones, inputs whose
    /// verdict must wait (a retry can settle them), invalid ones, "valid but unknown" (asking Apple
    /// again can settle it) and "valid but not entitled".
    var severity: Int {
        switch self {
        case .valid: 0
        case .notEntitled: 1
        case .undecided: 2
        case .invalid: 3
        case .temporaryFailure: 4
        case .malformed: 5
        case .noInput: 6
        case .notFound: 7
        case .unavailable: 8
        case .badCredentials: 9
        case .cantCreate: 10
        case .usage: 11
        case .internalError: 12
        case .ioError: 13
        }
    }

    static func worst(_ statuses: some Sequence<ExitStatus>) -> ExitStatus {
        statuses.max { $0.severity < $1.severity } ?? .valid
    }
}
