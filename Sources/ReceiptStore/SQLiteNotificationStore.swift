import ReceiptSQLite
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The embedded store: one SQLite file in WAL mode with `synchronous=FULL`, so that a commit is on disk
/// (the log synced) before `record` returns, and a crash at any moment loses no committed notification.
/// One writer connection (group commit) and one reader, which WAL lets read while the writer writes.
public final class SQLiteNotificationStore: NotificationStore {
    private let writer: GroupCommit<SQLiteConnection>
    private let reader: Mutex<SQLiteConnection>

    public init(path: String, create: Bool) throws(StoreError) {
        do throws(SQLiteError) {
            let connection = try SQLiteConnection(path: path, create: create)
            try connection.run("PRAGMA journal_mode = WAL")
            try connection.run("PRAGMA synchronous = FULL")
            try Self.migrate(connection)
            let reading = try SQLiteConnection(path: path, create: false)
            try reading.run("PRAGMA query_only = ON")
            writer = GroupCommit(connection)
            reader = Mutex(reading)
        } catch {
            throw StoreError("cannot open the store \(path): \(error.message)")
        }
    }

    /// Applies the migrations the store lacks, all in one transaction; refuses a store of a newer schema.
    static func migrate(_ connection: SQLiteConnection) throws(SQLiteError) {
        try connection.run("BEGIN IMMEDIATE")
        do throws(SQLiteError) {
            try connection.run(StoreSchema.versionTable)
            let rows = try connection.query(StoreSchema.currentVersion, columns: 1)
            guard case .integer(let current)? = rows.first?.first, current >= 0 else {
                throw SQLiteError(code: -1, "its schema version cannot be read")
            }
            guard current <= StoreSchema.version else {
                throw SQLiteError(
                    code: -1, "its schema is version \(current), newer than this build's \(StoreSchema.version)")
            }
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            for (index, statements) in StoreSchema.migrations.enumerated() where index >= current {
                for statement in statements {
                    try connection.run(statement.replacing("{serial}", with: "INTEGER"))
                }
                try connection.run(StoreSchema.recordVersion, [.integer(Int64(index + 1)), .integer(now)])
            }
            try connection.run("COMMIT")
        } catch {
            _ = try? connection.run("ROLLBACK")
            throw error
        }
    }

    public func record(_ notification: StoredNotification) throws(StoreError) -> RecordOutcome {
        try writer.record(notification)
    }

    public func quarantine(_ entry: QuarantinedNotification) throws(StoreError) {
        try writer.withWriter { connection throws(StoreError) in
            do throws(SQLiteError) {
                try connection.run(
                    StoreSchema.insertQuarantine,
                    [
                        .integer(entry.receivedAtMilliseconds), .text(entry.reason),
                        .text(entry.message + (entry.truncated ? " (body truncated)" : "")), .text(entry.bodyBase64),
                    ])
            } catch {
                throw StoreError("the store cannot write: \(error.message) (SQLite error \(error.code))")
            }
        }
    }

    public func notifications(of customer: String, bundleID: String, limit: Int) throws(StoreError)
        -> [StoredNotification]
    {
        let rows = try read(
            StoreSchema.customerNotifications,
            [.text(bundleID), .text(customer), .text(bundleID), .text(customer), .integer(Int64(limit) + 1)],
            columns: 11)
        return try rows.map { row throws(StoreError) in try StoreRow.notification(row) }
    }

    public func latestWord(of customer: String, bundleID: String) throws(StoreError) -> [LatestWord] {
        let rows = try read(
            StoreSchema.customerLatestWord, [.text(bundleID), .text(customer), .text(bundleID), .text(customer)],
            columns: 4)
        return try rows.map { row throws(StoreError) in try StoreRow.latestWord(row) }
    }

    public func customers(bundleID: String, environment: String, limit: Int) throws(StoreError) -> [String] {
        let rows = try read(
            StoreSchema.customers, [.text(bundleID), .text(environment), .integer(Int64(limit))], columns: 1)
        return try rows.map { row throws(StoreError) in try StoreRow.customer(row) }
    }

    public func counts() throws(StoreError) -> StoreCounts {
        let notifications = try read(StoreSchema.countNotifications, [], columns: 1)
        let quarantined = try read(StoreSchema.countQuarantined, [], columns: 1)
        return try StoreRow.counts(notifications, quarantined)
    }

    private func read(_ sql: String, _ values: [SQLiteValue], columns: Int) throws(StoreError) -> [[SQLiteValue]] {
        let result: Result<[[SQLiteValue]], SQLiteError> = reader.withLock { connection in
            do throws(SQLiteError) {
                return .success(try connection.query(sql, values, columns: columns))
            } catch {
                return .failure(error)
            }
        }
        do {
            return try result.get()
        } catch {
            throw StoreError("the store cannot be read: \(error.message)")
        }
    }
}

extension SQLiteValue {
    /// The text, nil for anything else.
    var text: String? {
        if case .text(let text) = self { text } else { nil }
    }
}
