import ReceiptPostgres

extension PostgresConnection: BatchWriting {
    /// The batch in as few statements as its size allows, each inserting its notifications and moving their
    /// latest words at once: a round trip a statement, not two a notification, since the server's round trips,
    /// not its sync, bound the store. Notifications are written in UUID order and latest words in key order,
    /// so instances writing batches that share rows take their locks in one order and never deadlock; a UUID
    /// another instance is writing waits for its commit, then is a duplicate.
    func write(_ batch: [StoredNotification]) throws(StoreError) -> [RecordOutcome] {
        let order = batch.indices.sorted { (batch[$0].uuid, $0) < (batch[$1].uuid, $1) }
        let chunks = stride(from: 0, to: order.count, by: Self.rowsPerStatement).map {
            Array(order[$0..<min($0 + Self.rowsPerStatement, order.count)])
        }
        var stored = Set<String>()
        do throws(PostgresError) {
            if chunks.count == 1 {
                // One statement, its own transaction; run again on a new connection when the server restarted:
                // whether the first run committed or not, the second keeps each notification once, and one the
                // first kept is then a duplicate, answered as kept.
                let notifications = chunks[0].map { batch[$0] }
                stored = try retryingIfLost { () throws(PostgresError) in try insert(notifications) }
            } else {
                // Several statements share a transaction, so that a failure keeps none of them.
                try begin()
                for chunk in chunks {
                    stored.formUnion(try insert(chunk.map { batch[$0] }))
                }
                try commit()
            }
        } catch {
            if chunks.count > 1 {
                _ = try? run("ROLLBACK")
            }
            throw StoreError.writing(error)
        }
        // Of one UUID twice in a batch, the first in UUID order is stored, the other a duplicate.
        var outcomes = [RecordOutcome](repeating: .duplicate, count: batch.count)
        for index in order where stored.remove(batch[index].uuid) != nil {
            outcomes[index] = .stored
        }
        return outcomes
    }

    /// At most this many notifications a statement (eleven values each, within what the wall binds).
    static let rowsPerStatement = 64

    /// Inserts `notifications` (in UUID order) and their latest words in one statement; the UUIDs stored.
    private func insert(_ notifications: [StoredNotification]) throws(PostgresError) -> Set<String> {
        var values: [PostgresValue] = []
        values.reserveCapacity(notifications.count * 11)
        for notification in notifications {
            values += [
                .text(notification.uuid), .text(notification.bundleID), .text(notification.environment),
                .text(notification.notificationType), .text(notification.subtype),
                .integer(notification.signedDateMilliseconds), .text(notification.originalTransactionID),
                .text(notification.transactionID), .text(notification.appAccountToken),
                .integer(notification.receivedAtMilliseconds), .text(notification.body),
            ]
        }
        let rows = try query(PostgresNotificationStore.SQL.insertBatch(rows: notifications.count), values)
        var stored = Set<String>()
        for row in rows {
            guard row.count == 1, case .text(let uuid) = row[0] else {
                throw PostgresError("the store answered an insert with a row that is not a UUID")
            }
            stored.insert(uuid)
        }
        return stored
    }
}
