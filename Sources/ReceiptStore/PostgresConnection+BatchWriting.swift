import ReceiptPostgres

extension PostgresConnection: BatchWriting {
    /// One transaction for the batch, committed durably. Notifications are written in UUID order, then the
    /// latest words in key order: instances writing batches that share rows take their locks in one order,
    /// so they wait for each other and never deadlock. A UUID another instance is writing waits for its
    /// commit, then is a duplicate.
    func write(_ batch: [StoredNotification]) throws(StoreError) -> [RecordOutcome] {
        do throws(PostgresError) {
            try begin()
            let order = batch.indices.sorted { batch[$0].uuid < batch[$1].uuid }
            var outcomes = [RecordOutcome](repeating: .duplicate, count: batch.count)
            for index in order {
                outcomes[index] = try insert(batch[index])
            }
            let words = order.filter { outcomes[$0] == .stored && batch[$0].originalTransactionID != nil }
                .sorted { Self.wordKey(batch[$0]) < Self.wordKey(batch[$1]) }
            for index in words {
                try upsertLatestWord(batch[index])
            }
            try commit()
            return outcomes
        } catch {
            _ = try? run("ROLLBACK")
            throw StoreError.writing(error)
        }
    }

    private static func wordKey(_ notification: StoredNotification) -> (String, String, String) {
        (notification.bundleID, notification.environment, notification.originalTransactionID ?? "")
    }

    private func insert(_ notification: StoredNotification) throws(PostgresError) -> RecordOutcome {
        let inserted = try run(
            PostgresNotificationStore.SQL.insertNotification,
            [
                .text(notification.uuid), .text(notification.bundleID), .text(notification.environment),
                .text(notification.notificationType), .text(notification.subtype),
                .integer(notification.signedDateMilliseconds), .text(notification.originalTransactionID),
                .text(notification.transactionID), .text(notification.appAccountToken),
                .integer(notification.receivedAtMilliseconds), .text(notification.body),
            ])
        return inserted == 1 ? .stored : .duplicate
    }

    private func upsertLatestWord(_ notification: StoredNotification) throws(PostgresError) {
        try run(
            PostgresNotificationStore.SQL.upsertLatestWord,
            [
                .text(notification.bundleID), .text(notification.environment),
                .text(notification.originalTransactionID), .text(notification.uuid),
                .integer(notification.signedDateMilliseconds),
            ])
    }
}
