import ReceiptKit
import ReceiptStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `store import FILE...`: notification bodies, history responses or API answers' signed data through the
/// intake of `POST /notifications`, so that importing twice changes nothing; `store reconcile` compares with Apple.
enum StoreCommand: Command {
    static let spec = CommandSpec(
        name: "store",
        summary: """
            Manage the notification store (--store). 'store import FILE...' takes notification bodies, Get \
            Notification History responses and the signed transactions and renewal infos of other App Store \
            Server API answers (Get Transaction History pages, Get All Subscription Statuses) into it, each \
            verified as POST /notifications verifies it, kept once (a notification by its notificationUUID, \
            signed data by its id and signed date); one line per item. Exit 0 when every one is kept (now or \
            before), 2 when one failed verification, 75 when the store could not write. 'store reconcile' asks \
            Apple (Get All Subscription Statuses, with api's credentials) about each customer the store holds \
            (--limit) and reports those whose stored latest transaction or renewal info differs from Apple's \
            answer; exit 0 when all agree, 1 when one differs, 2 when an answer of Apple's did not verify, \
            the api's statuses when Apple could not be asked. The store is only read unless --apply. 'store \
            backfill TRANSACTION_ID...' asks Apple for each customer's whole transaction history (every page, \
            bounded by --max-size and --deadline) and statuses and imports them as store import does.
            """,
        operands: "import FILE... | reconcile | backfill TRANSACTION_ID...", minimumOperands: 1,
        options: [StoreOptionTable.store.spec] + ValidationOptionTable.options + StoreOptionTable.reconcileOptions)

    static func run(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        if arguments.operands.first == "reconcile" || arguments.operands.first == "backfill" {
            return reconcile(arguments, console: console)
        }
        let intake: NotificationIntake
        let limit: Int
        let files: [String]
        do {
            guard arguments.operands.first == "import" else {
                throw UsageError("store takes 'import FILE...', 'reconcile' or 'backfill TRANSACTION_ID...'")
            }
            files = Array(arguments.operands.dropFirst())
            if let given = StoreOptionTable.reconcileOptions.first(where: arguments.isGiven) {
                throw UsageError("\(given.flag) is for store reconcile, not store import")
            }
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
            return fail(error, console)
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
                let outcome = intake.receive(body, signedData: true)
                console.out("\(file): \(line(outcome))\n")
                status = worse(status, Self.status(outcome))
            }
        }
        return status
    }

    /// `store reconcile` and `store backfill ID...`: the store opened for reading (and the intake for --apply
    /// or a backfill), the client as api makes it from the same credentials.
    private static func reconcile(_ arguments: ParsedArguments, console: Console) -> ExitStatus {
        var arguments = arguments
        let variables = ProcessInfo.processInfo.environment
        APIOptionTable.addEnvironment(to: &arguments, variables: variables, console: console)
        let runner: StoreReconcileRunner
        let limit: Int
        let backfilling = arguments.operands.first == "backfill"
        var backfilled: [String] = []
        let maximumBytes: Int
        do {
            maximumBytes = try ValidationOptionTable.sizeLimit(arguments)
            let command = "store " + (arguments.operands.first ?? "")
            backfilled = backfilling ? Array(arguments.operands.dropFirst()) : []
            guard backfilling ? !backfilled.isEmpty : arguments.operands.count == 1 else {
                throw UsageError(
                    backfilling ? "store backfill takes at least one TRANSACTION_ID" : "store reconcile takes no FILE")
            }
            if let bad = backfilled.first(where: { !CustomerID.isValid($0) }) {
                throw UsageError("'\(bad)' is no transaction id")
            }
            let credentials = try APIOptionTable.credentials(arguments, command: command)
            let validator = try ValidatorSetup.validator(arguments)
            limit = try arguments.value(StoreOptionTable.limit) ?? 100
            let applying = arguments[StoreOptionTable.apply] || backfilling
            guard let store = try StoreOptionTable.open(arguments, create: backfilling) else {
                throw UsageError("\(command) uses the notification store: give --store URL")
            }
            var intake: NotificationIntake?
            if applying {
                do throws(StoreError) {
                    intake = try NotificationIntake(validator: validator, store: store)
                } catch {
                    throw UsageError(error.message)
                }
            }
            let environment: ReceiptEnvironment = credentials.environment == .sandbox ? .sandbox : .production
            let format = try arguments.value(ValidationOptionTable.format)
            runner = StoreReconcileRunner(
                reconciler: StoreReconciler(validator: validator, store: store, environment: environment.rawValue),
                intake: intake,
                client: try APIClientSetup.client(
                    arguments, credentials: credentials, validator: validator, variables: variables, console: console),
                json: arguments[ValidationOptionTable.json] || format == .json)
        } catch {
            return fail(error, console)
        }
        if backfilling {
            return runner.backfill(backfilled, maximumBytes: maximumBytes, console: console)
        }
        return runner.run(limit: limit, console: console)
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
    static func worse(_ a: ExitStatus, _ b: ExitStatus) -> ExitStatus {
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
