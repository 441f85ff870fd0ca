/// Why a command could not start; `ErrorReport` says it and picks the exit status.
enum SetupError: Error {
    case usage(UsageError)
    case unreadable(String)
    case badData(String)
    case internalError(String)
}
