import Synchronization

/// A backend's writer connection as group commit uses it: a batch written in one transaction.
protocol BatchWriting: AnyObject, Sendable {
    /// Writes `batch` in one transaction: each notification's outcome once it committed; throws (rolled
    /// back, none of them kept) when it did not.
    func write(_ batch: [StoredNotification]) throws(StoreError) -> [RecordOutcome]
}

/// Group commit: every caller of `record` hands its notification in and waits for the writer; whichever
/// caller takes the writer next writes everything handed in so far in one transaction, one sync to disk for
/// all of them, and leaves each caller its outcome. No caller returns before the transaction holding its
/// notification committed, or failed (then it throws and answers nothing as kept).
final class GroupCommit<Writer: BatchWriting>: Sendable {
    private struct Handed {
        var waiting: [(ticket: Int, notification: StoredNotification)] = []
        var nextTicket = 0
        /// Outcomes of tickets a previous writer committed for callers that have not yet taken the writer.
        var settled: [Int: Result<RecordOutcome, StoreError>] = [:]
    }

    private let handed = Mutex(Handed())
    private let writer: Mutex<Writer>

    init(_ connection: sending Writer) {
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
            let outcomes: [Result<RecordOutcome, StoreError>]
            do throws(StoreError) {
                outcomes = try connection.write(batch.map(\.notification)).map { .success($0) }
            } catch {
                outcomes = batch.map { _ in .failure(error) }
            }
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
    func withWriter<T>(_ body: (Writer) throws(StoreError) -> T) throws(StoreError) -> T {
        let result: Result<T, StoreError> = writer.withLock { connection in
            do throws(StoreError) {
                return .success(try body(connection))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
