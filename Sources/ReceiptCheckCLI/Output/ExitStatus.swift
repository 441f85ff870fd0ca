/// Exit statuses, each explained by its `summary`. Verdicts are small numbers; failures to run follow sysexits.h.
enum ExitStatus: Int32, CaseIterable {
    case valid = 0
    case notEntitled = 1
    case invalid = 2
    case undecided = 3
    case usage = 64
    case malformed = 65
    case noInput = 66
    case internalError = 70
    case cantCreate = 73
    case ioError = 74
    case temporaryFailure = 75
    case notFound = 67
    case unavailable = 69
    case badCredentials = 77
}
