import ReceiptKit

extension ExitStatus {
    /// The library's status for a report (`ValidationReport.exitStatus`), so that a program linking it reads the same.
    init(_ report: ValidationReport) {
        self = ExitStatus(rawValue: report.exitStatus) ?? .internalError
    }

    /// The status of an input or a needed file that could not be read (no input), failed on our side (internal
    /// error) or could not be decoded (malformed).
    init(unread reason: ReasonCode) {
        self = ExitStatus(rawValue: ValidationReport.exitStatus(unread: reason)) ?? .internalError
    }

    /// How bad a status is: the worst of a run's is its status. Lost output outranks all (what was printed is cut).
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
