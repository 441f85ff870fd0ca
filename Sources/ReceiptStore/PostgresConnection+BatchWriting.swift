import ReceiptPostgres

extension PostgresConnection: BatchWriting {
    /// One transaction for the batch, committed durably, in two statements whatever its size (each column
    /// bound as one array): the notifications in UUID order, then the latest words in key order, so that
    /// instances writing batches that share rows take their locks in one order and never deadlock. A UUID
    /// another instance is writing waits for its commit, then is a duplicate.
    func write(_ batch: [StoredNotification]) throws(StoreError) -> [RecordOutcome] {
        do throws(PostgresError) {
            try begin()
            // The first of each UUID is written; another of the same UUID in the batch is a duplicate.
            var first: [String: Int] = [:]
            for (index, notification) in batch.enumerated() where first[notification.uuid] == nil {
                first[notification.uuid] = index
            }
            let fresh = first.values.sorted { batch[$0].uuid < batch[$1].uuid }.map { batch[$0] }
            let inserted = try insert(fresh)
            let outcomes: [RecordOutcome] = batch.indices.map { index in
                first[batch[index].uuid] == index && inserted.contains(batch[index].uuid) ? .stored : .duplicate
            }
            try upsertLatestWords(fresh.filter { inserted.contains($0.uuid) })
            try commit()
            return outcomes
        } catch {
            _ = try? run("ROLLBACK")
            throw StoreError.writing(error)
        }
    }

    /// The UUIDs written now (those already kept are not).
    private func insert(_ notifications: [StoredNotification]) throws(PostgresError) -> Set<String> {
        guard !notifications.isEmpty else { return [] }
        let rows = try query(
            PostgresNotificationStore.SQL.insertNotifications,
            [
                .texts(notifications.map(\.uuid)), .texts(notifications.map(\.bundleID)),
                .texts(notifications.map(\.environment)), .texts(notifications.map(\.notificationType)),
                .texts(notifications.map(\.subtype)), .integers(notifications.map(\.signedDateMilliseconds)),
                .texts(notifications.map(\.originalTransactionID)), .texts(notifications.map(\.transactionID)),
                .texts(notifications.map(\.appAccountToken)), .integers(notifications.map(\.receivedAtMilliseconds)),
                .texts(notifications.map(\.body)),
            ])
        return Set(rows.compactMap { $0.first?.text })
    }

    /// Of the notifications written now, the latest per original transaction (by signed date, then UUID, as
    /// the upsert's own rule), which one statement may name once each.
    private func upsertLatestWords(_ notifications: [StoredNotification]) throws(PostgresError) {
        var latest: [Key: StoredNotification] = [:]
        for notification in notifications {
            guard let original = notification.originalTransactionID else { continue }
            let key = Key(bundleID: notification.bundleID, environment: notification.environment, original: original)
            if let kept = latest[key],
                (kept.signedDateMilliseconds, kept.uuid) >= (notification.signedDateMilliseconds, notification.uuid)
            {
                continue
            }
            latest[key] = notification
        }
        guard !latest.isEmpty else { return }
        let words = latest.sorted {
            ($0.key.bundleID, $0.key.environment, $0.key.original) < (
                $1.key.bundleID, $1.key.environment, $1.key.original
            )
        }
        try run(
            PostgresNotificationStore.SQL.upsertLatestWords,
            [
                .texts(words.map(\.key.bundleID)), .texts(words.map(\.key.environment)),
                .texts(words.map(\.key.original)), .texts(words.map(\.value.uuid)),
                .integers(words.map(\.value.signedDateMilliseconds)),
            ])
    }

    private struct Key: Hashable {
        let bundleID: String
        let environment: String
        let original: String
    }
}
