import ReceiptKit

/// The one place that decides, for every error a command meets, whether the usage line follows and which
/// status it exits with, so that two commands never report one failure two ways.
struct ErrorReport: Equatable {
    /// The error line, without the `receipt-check: error: ` prefix that `Console.error` adds.
    let message: String
    /// A command line that cannot be acted on is followed by the command's usage line.
    let showsUsage: Bool
    let status: ExitStatus

    init(_ error: any Error) {
        switch error {
        case let error as UsageError:
            self.init(error.message, showsUsage: true, status: .usage)
        case let error as SetupError:
            self.init(error)
        case let error as ReceiptError:
            self.init(error.message, status: ExitStatus(unread: error.reason))
        case let error as OutputFile.WriteError:
            self.init(error.message, status: error.status)
        case let error as AppStoreServerAPIError:
            self.init(error.message, status: ExitStatus(error))
        default:
            // Nothing a user gives reaches here: OpenSSL failing, or a bug.
            self.init("\(error)", status: .internalError)
        }
    }

    private init(_ error: SetupError) {
        switch error {
        case .usage(let error): self.init(error.message, showsUsage: true, status: .usage)
        case .unreadable(let message): self.init(message, status: .noInput)
        case .badData(let message): self.init(message, status: .malformed)
        case .internalError(let message): self.init(message, status: .internalError)
        }
    }

    private init(_ message: String, showsUsage: Bool = false, status: ExitStatus) {
        self.message = message
        self.showsUsage = showsUsage
        self.status = status
    }

    /// Says the error on `console`, with `usage` when it calls for it, and gives the status to exit with.
    func report(to console: Console, usage: String) -> ExitStatus {
        console.error(message)
        if showsUsage {
            console.err("usage: \(usage)\n")
        }
        return status
    }

    /// Reports `error` as `ErrorReport(error)` does: the form every command's `catch` uses.
    static func report(_ error: any Error, to console: Console, usage: String) -> ExitStatus {
        ErrorReport(error).report(to: console, usage: usage)
    }
}
