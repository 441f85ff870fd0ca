import ReceiptSQLite
import Synchronization

/// Group commit: every caller of `record` hands its notification in and waits for the writer; whichever
/// caller takes the writer next writes everything handed in so far in one transaction, one sync to disk for
/// all of them, and leaves each caller its outcome. No caller returns before the transaction holding its
/// notification committed, or failed (then it throws and answers nothing as kept).
final class GroupCommit: Sendable {
    private struct Handed {
        var waiting: [(ticket: Int, notification: StoredNotification)] = []
        var nextTicket = 0
        /// Outcomes of tickets a previous writer committed for callers that have not yet taken the writer.
        var settled: [Int: Result<RecordOutcome, StoreError>] = [:]
    }

    private let handed = Mutex(Handed())
    private let writer: Mutex<SQLiteConnection>

    init(_ connection: SQLiteConnection) {
        writer = Mutex(connection)
    }

    func record(_ notification: StoredNotification) throws(StoreError) -> RecordOutcome {
        let ticket = handed.withLock { handed in
            let ticket = handed.nextTicket
            handed.nextTicket += 1
            handed.waiting.append((ticket, notification))
            return ticket
        }
        let outcome = writer.withLock { connection in
            // A writer before this one took the ticket and settled it before letting the writer go.
            if let settled = handed.withLock({ $0.settled.removeValue(forKey: ticket) }) {
                return settled
            }
            let batch = handed.withLock { handed in
                defer { handed.waiting.removeAll(keepingCapacity: true) }
                return handed.waiting
            }
            let outcomes = Self.commit(batch, on: connection)
            var mine: Result<RecordOutcome, StoreError> = .failure(StoreError("the notification was not written"))
            handed.withLock { handed in
                for (entry, outcome) in zip(batch, outcomes) {
                    if entry.ticket == ticket {
                        mine = outcome
                    } else {
                        handed.settled[entry.ticket] = outcome
                    }
                }
            }
            return mine
        }
        return try outcome.get()
    }

    /// Runs `body` on the writer's connection, alone.
    func withWriter<T>(_ body: (SQLiteConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        let result: Result<T, StoreError> = writer.withLock { connection in
            do throws(StoreError) {
                return .success(try body(connection))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// One transaction for the batch: every notification's outcome when it committed, the same failure for
    /// all when it did not (rolled back: none of them is kept).
    private static func commit(
        _ batch: [(ticket: Int, notification: StoredNotification)], on connection: SQLiteConnection
    )
        -> [Result<RecordOutcome, StoreError>]
    {
        var outcomes: [Result<RecordOutcome, StoreError>] = []
        do throws(SQLiteError) {
            try connection.run("BEGIN IMMEDIATE")
            for (_, notification) in batch {
                outcomes.append(.success(try write(notification, on: connection)))
            }
            try connection.run("COMMIT")
            return outcomes
        } catch {
            _ = try? connection.run("ROLLBACK")
            let failure = StoreError("the store cannot write: \(error.message) (SQLite error \(error.code))")
            return batch.map { _ in .failure(failure) }
        }
    }

    private static func write(_ notification: StoredNotification, on connection: SQLiteConnection) throws(SQLiteError)
        -> RecordOutcome
    {
        let inserted = try connection.run(
            StoreSchema.insertNotification,
            [
                .text(notification.uuid), .text(notification.bundleID), .text(notification.environment),
                .text(notification.notificationType), .text(notification.subtype),
                .integer(notification.signedDateMilliseconds), .text(notification.originalTransactionID),
                .text(notification.transactionID), .text(notification.appAccountToken),
                .integer(notification.receivedAtMilliseconds), .text(notification.body),
            ])
        guard inserted == 1 else { return .duplicate }
        if let original = notification.originalTransactionID {
            try connection.run(
                StoreSchema.upsertLatestWord,
                [
                    .text(notification.bundleID), .text(notification.environment), .text(original),
                    .text(notification.uuid), .integer(notification.signedDateMilliseconds),
                ])
        }
        return .stored
    }
}
