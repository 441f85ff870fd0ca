import ReceiptKit
import ReceiptStore

/// `receipt-check store import FILE...`: notifications from files into the store, each through the very
/// intake of `POST /notifications` (verified, kept once by its UUID, quarantined when it fails): importing the
/// same files twice changes nothing. A file is one notification body (`{"signedPayload": ...}` or the JWS)
/// or a Get Notification History response, whose every element is taken.
enum StoreCommand: Command {
    static let spec = CommandSpec(
        name: "store",
        summary: """
            Manage the notification store (--store). 'store import FILE...' takes notification bodies and Get \
            Notification History responses into it, each verified as POST /notifications verifies it, kept once \
            by its notificationUUID; one line per notification. Exit 0 when every one is kept (now or before), \
            2 when one failed verification, 75 when the store could not write.
            """,
        operands: "import FILE...", minimumOperands: 2,
        options: [StoreOptionTable.store.spec] + ValidationOptionTable.options)

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        let intake: NotificationIntake
        let limit: Int
        let files: [String]
        do {
            guard arguments.operands.first == "import" else {
                throw UsageError("store takes 'import FILE...'")
            }
            files = Array(arguments.operands.dropFirst())
            guard !files.isEmpty else { throw UsageError("store import takes at least one FILE") }
            let validator = try ValidatorSetup.validator(arguments)
            limit = try ValidationOptionTable.sizeLimit(arguments)
            guard let store = try StoreOptionTable.open(arguments, create: true) else {
                throw UsageError("store import writes to the notification store: give --store URL")
            }
            do throws(StoreError) {
                intake = try NotificationIntake(validator: validator, store: store)
            } catch {
                throw UsageError(error.message)
            }
        } catch {
            return ErrorReport.report(error, to: console, usage: spec.usage)
        }
        var status = ExitStatus.valid
        for file in files {
            let bodies: [[UInt8]]
            do throws(ReceiptError) {
                bodies = NotificationBodies.split(try InputFile.contents(of: file, limit: limit))
            } catch {
                console.error("\(file): \(error.message)")
                status = worse(status, .noInput)
                continue
            }
            for body in bodies {
                let outcome = intake.receive(body)
                console.out("\(file): \(line(outcome))\n")
                status = worse(status, Self.status(outcome))
            }
        }
        return status
    }

    static func line(_ outcome: NotificationIntake.Outcome) -> String {
        switch outcome {
        case .stored(let uuid): "stored \(uuid)"
        case .duplicate(let uuid): "already stored \(uuid)"
        case .refused(let reason, let message): "refused (\(reason)): \(message)"
        case .retry(let message), .failed(let message): "not stored, try again: \(message)"
        }
    }

    static func status(_ outcome: NotificationIntake.Outcome) -> ExitStatus {
        switch outcome {
        case .stored, .duplicate: .valid
        case .refused: .invalid
        case .retry, .failed: .temporaryFailure
        }
    }

    /// The one to exit with: a failure to write outranks a refusal, which outranks success.
    private static func worse(_ a: ExitStatus, _ b: ExitStatus) -> ExitStatus {
        let rank: (ExitStatus) -> Int = { status in
            switch status {
            case .valid: 0
            case .invalid: 1
            case .noInput: 2
            default: 3
            }
        }
        return rank(b) > rank(a) ? b : a
    }
}
