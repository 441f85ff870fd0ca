import ReceiptSQLite

extension SQLiteConnection: BatchWriting {
    /// One transaction for the batch, one sync to disk (`synchronous=FULL`) for all of it.
    func write(_ batch: [StoredNotification]) throws(StoreError) -> [RecordOutcome] {
        do throws(SQLiteError) {
            try run("BEGIN IMMEDIATE")
            var outcomes: [RecordOutcome] = []
            for notification in batch {
                outcomes.append(try write(notification))
            }
            try run("COMMIT")
            return outcomes
        } catch {
            _ = try? run("ROLLBACK")
            throw StoreError("the store cannot write: \(error.message) (SQLite error \(error.code))")
        }
    }

    private func write(_ notification: StoredNotification) throws(SQLiteError) -> RecordOutcome {
        let inserted = try run(
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
            try run(
                StoreSchema.upsertLatestWord,
                [
                    .text(notification.bundleID), .text(notification.environment), .text(original),
                    .text(notification.uuid), .integer(notification.signedDateMilliseconds),
                ])
        }
        return .stored
    }
}
