import ReceiptPostgres
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The shared store: a PostgreSQL database that several service instances write at once, with the same
/// schema and migrations as SQLite's file. Commits are durable before `record` returns
/// (`synchronous_commit = on` for the session, whatever the server's default); one writer connection (group
/// commit) and one reader per process. A connection lost (the server restarted) fails the transaction it
/// was in, whose callers answer 5xx, and is made again before the next one.
public final class PostgresNotificationStore: NotificationStore {
    private let writer: GroupCommit<PostgresConnection>
    private let reader: Mutex<PostgresConnection>

    /// The session settings of every connection, again after each reconnection.
    static let session = ["SET synchronous_commit = on", "SET client_encoding = 'UTF8'"]

    /// The lock that makes instances starting at once migrate one after the other (an advisory lock's key:
    /// the bytes of "rcstore" as a number).
    static let migrationLock: Int64 = 0x72_6373_746f_7265

    /// Opens the store at libpq's `conninfo` (`display` names it in messages, without its password);
    /// without `create`, a database that holds no store is refused rather than given one.
    public init(conninfo: String, display: String, create: Bool) throws(StoreError) {
        do throws(PostgresError) {
            let connection = try PostgresConnection(conninfo: conninfo, setup: Self.session)
            try Self.migrate(connection, create: create)
            let reading = try PostgresConnection(conninfo: conninfo, setup: Self.session)
            try reading.run("SET default_transaction_read_only = on")
            writer = GroupCommit(connection)
            reader = Mutex(reading)
        } catch {
            throw StoreError("cannot open the store \(display): \(error.message)")
        }
    }

    /// What PostgreSQL adds to a migration (by its position), after the statements every backend runs. A body
    /// is kept as written, not compressed: JWS text compresses poorly (docs/performance.md).
    static let ownStatements: [Int: [String]] = [
        0: ["ALTER TABLE notifications ALTER COLUMN body SET STORAGE EXTERNAL"]
    ]

    /// Applies the migrations the store lacks, all in one transaction (PostgreSQL's DDL is transactional);
    /// refuses a store of a newer schema.
    static func migrate(_ connection: PostgresConnection, create: Bool) throws(PostgresError) {
        try connection.run("BEGIN")
        do throws(PostgresError) {
            try connection.run("SELECT pg_advisory_xact_lock($1)", [.integer(migrationLock)])
            try connection.run(StoreSchema.versionTable)
            let rows = try connection.query(StoreSchema.currentVersion)
            guard case .integer(let current)? = rows.first?.first, current >= 0 else {
                throw PostgresError("its schema version cannot be read")
            }
            guard current <= StoreSchema.version else {
                throw PostgresError("its schema is version \(current), newer than this build's \(StoreSchema.version)")
            }
            guard current > 0 || create else { throw PostgresError("the database holds no store") }
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            for (index, statements) in StoreSchema.migrations.enumerated() where index >= current {
                for statement in statements + (ownStatements[index] ?? []) {
                    try connection.run(statement.replacing("{serial}", with: "BIGSERIAL"))
                }
                try connection.run(SQL.recordVersion, [.integer(Int64(index + 1)), .integer(now)])
            }
            try connection.commit()
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
            do throws(PostgresError) {
                try connection.reconnectIfLost()
                try connection.run(
                    SQL.insertQuarantine,
                    [
                        .integer(entry.receivedAtMilliseconds), .text(entry.reason),
                        .text(entry.message + (entry.truncated ? " (body truncated)" : "")), .text(entry.bodyBase64),
                    ])
            } catch {
                throw StoreError.writing(error)
            }
        }
    }

    public func notifications(of customer: String, bundleID: String, limit: Int) throws(StoreError)
        -> [StoredNotification]
    {
        let rows = try read(
            SQL.customerNotifications,
            [.text(bundleID), .text(customer), .text(bundleID), .text(customer), .integer(Int64(limit) + 1)])
        return try rows.map { row throws(StoreError) in try StoreRow.notification(row) }
    }

    public func latestWord(of customer: String, bundleID: String) throws(StoreError) -> [LatestWord] {
        let rows = try read(
            SQL.customerLatestWord, [.text(bundleID), .text(customer), .text(bundleID), .text(customer)])
        return try rows.map { row throws(StoreError) in try StoreRow.latestWord(row) }
    }

    public func customers(bundleID: String, environment: String, limit: Int) throws(StoreError) -> [String] {
        let rows = try read(SQL.customers, [.text(bundleID), .text(environment), .integer(Int64(limit))])
        return try rows.map { row throws(StoreError) in try StoreRow.customer(row) }
    }

    public func counts() throws(StoreError) -> StoreCounts {
        try StoreRow.counts(try read(StoreSchema.countNotifications, []), try read(StoreSchema.countQuarantined, []))
    }

    private func read(_ sql: String, _ values: [PostgresValue]) throws(StoreError) -> [[PostgresValue]] {
        let result: Result<[[PostgresValue]], PostgresError> = reader.withLock { connection in
            do throws(PostgresError) {
                // A read changes nothing: asked again on a new connection when the old one was lost.
                let rows = try connection.retryingIfLost { () throws(PostgresError) in
                    try connection.query(sql, values)
                }
                return .success(rows)
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

    /// The schema's statements with PostgreSQL's numbered parameters, worked out once.
    enum SQL {
        static let recordVersion = numbered(StoreSchema.recordVersion)
        /// `rows` notifications inserted once each, and the latest word of each original transaction among
        /// those newly stored moved by the schema's rule (the batch's own latest chosen first, by the same
        /// rule: a statement cannot change a row twice); answers the UUIDs stored.
        static func insertBatch(rows: Int) -> String {
            let tuples = (0..<rows).map { row in
                "(" + (1...11).map { "$\(row * 11 + $0)" }.joined(separator: ", ") + ")"
            }
            return """
                WITH stored AS (
                    INSERT INTO notifications (\(StoreSchema.notificationColumns))
                    VALUES \(tuples.joined(separator: ", "))
                    ON CONFLICT (notification_uuid) DO NOTHING
                    RETURNING notification_uuid, bundle_id, environment, original_transaction_id, signed_date_ms
                ), moved AS (
                    INSERT INTO latest_word
                        (bundle_id, environment, original_transaction_id, notification_uuid, signed_date_ms)
                    SELECT DISTINCT ON (bundle_id, environment, original_transaction_id)
                        bundle_id, environment, original_transaction_id, notification_uuid, signed_date_ms
                    FROM stored WHERE original_transaction_id IS NOT NULL
                    ORDER BY bundle_id, environment, original_transaction_id, signed_date_ms DESC,
                        notification_uuid COLLATE "C" DESC
                    \(StoreSchema.latestWordRule(collated: #" COLLATE "C""#))
                )
                SELECT notification_uuid FROM stored
                """
        }
        static let insertQuarantine = numbered(StoreSchema.insertQuarantine)
        static let customerNotifications = numbered(StoreSchema.customerNotifications)
        static let customerLatestWord = numbered(StoreSchema.customerLatestWord)
        static let customers = numbered(StoreSchema.customers)

        /// `sql` with its `?` parameters numbered `$1`, `$2`... (the schema's SQL holds no other `?`).
        static func numbered(_ sql: String) -> String {
            var count = 0
            var text = ""
            for character in sql {
                if character == "?" {
                    count += 1
                    text += "$\(count)"
                } else {
                    text.append(character)
                }
            }
            return text
        }
    }
}

extension StoreError {
    /// A write PostgreSQL refused, with its SQLSTATE when it gave one.
    static func writing(_ error: PostgresError) -> StoreError {
        let state = error.sqlState.isEmpty ? "" : " (SQLSTATE \(error.sqlState))"
        return StoreError("the store cannot write: \(error.message)\(state)")
    }
}
