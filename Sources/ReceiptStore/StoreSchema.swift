/// The store's schema, one for every backend: numbered migrations, applied in order once each and recorded
/// in `schema_migrations`, so that a store made by an older build is brought up to date when opened and one
/// made by a newer build is refused rather than misread. Plain SQL both SQLite and PostgreSQL take;
/// `{serial}` is the one word they spell differently (an auto-numbered key).
public enum StoreSchema {
    /// Each migration's statements; its number is its position plus one. Never edit one that shipped: append.
    public static let migrations: [[String]] = [
        [
            """
            CREATE TABLE notifications (
                notification_uuid TEXT PRIMARY KEY,
                bundle_id TEXT NOT NULL,
                environment TEXT NOT NULL,
                notification_type TEXT,
                subtype TEXT,
                signed_date_ms BIGINT NOT NULL,
                original_transaction_id TEXT,
                transaction_id TEXT,
                app_account_token TEXT,
                received_at_ms BIGINT NOT NULL,
                body TEXT NOT NULL
            )
            """,
            """
            CREATE INDEX notifications_by_original_transaction
                ON notifications (bundle_id, original_transaction_id, signed_date_ms)
            """,
            "CREATE INDEX notifications_by_account_token ON notifications (bundle_id, app_account_token)",
            """
            CREATE TABLE latest_word (
                bundle_id TEXT NOT NULL,
                environment TEXT NOT NULL,
                original_transaction_id TEXT NOT NULL,
                notification_uuid TEXT NOT NULL,
                signed_date_ms BIGINT NOT NULL,
                PRIMARY KEY (bundle_id, environment, original_transaction_id)
            )
            """,
            """
            CREATE TABLE quarantine (
                quarantine_id {serial} PRIMARY KEY,
                received_at_ms BIGINT NOT NULL,
                reason TEXT NOT NULL,
                message TEXT NOT NULL,
                body_base64 TEXT NOT NULL
            )
            """,
        ]
    ]

    /// The version this build writes and reads.
    public static var version: Int { migrations.count }

    static let versionTable =
        "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_at_ms BIGINT NOT NULL)"

    /// The newest migration a store has applied; 0 for a new store.
    static let currentVersion = "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"
    static let recordVersion = "INSERT INTO schema_migrations (version, applied_at_ms) VALUES (?, ?)"

    /// The notification, once: a second with the same UUID changes nothing.
    static let insertNotification = """
        INSERT INTO notifications (notification_uuid, bundle_id, environment, notification_type, subtype,
            signed_date_ms, original_transaction_id, transaction_id, app_account_token, received_at_ms, body)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (notification_uuid) DO NOTHING
        """

    /// The latest word per original transaction: a notification signed earlier never replaces one signed
    /// later, whichever arrives last; of two signed at once the greater UUID stands, so order never matters.
    static let upsertLatestWord = """
        INSERT INTO latest_word (bundle_id, environment, original_transaction_id, notification_uuid, signed_date_ms)
        VALUES (?, ?, ?, ?, ?)
        \(latestWordRule(collated: ""))
        """

    /// The upsert's rule, which every backend's write of a latest word ends with. `collated` follows each
    /// UUID compared: PostgreSQL's ` COLLATE "C"` compares them byte by byte, as SQLite does, whatever the
    /// database's collation, so that both backends keep the same latest word.
    static func latestWordRule(collated: String) -> String {
        """
        ON CONFLICT (bundle_id, environment, original_transaction_id) DO UPDATE
        SET notification_uuid = excluded.notification_uuid, signed_date_ms = excluded.signed_date_ms
        WHERE excluded.signed_date_ms > latest_word.signed_date_ms
            OR (excluded.signed_date_ms = latest_word.signed_date_ms
                AND excluded.notification_uuid\(collated) > latest_word.notification_uuid\(collated))
        """
    }

    static let insertQuarantine = """
        INSERT INTO quarantine (received_at_ms, reason, message, body_base64) VALUES (?, ?, ?, ?)
        """

    static let notificationColumns = """
        notification_uuid, bundle_id, environment, notification_type, subtype, signed_date_ms,
        original_transaction_id, transaction_id, app_account_token, received_at_ms, body
        """

    /// A customer's notifications: by original transaction id, by app account token, or by an original
    /// transaction that a notification naming the token names (one customer's purchases).
    static let customerNotifications = """
        SELECT \(notificationColumns) FROM notifications
        WHERE bundle_id = ? AND original_transaction_id IN (
            SELECT ? UNION SELECT original_transaction_id FROM notifications
            WHERE bundle_id = ? AND app_account_token = ? AND original_transaction_id IS NOT NULL)
        ORDER BY signed_date_ms, notification_uuid LIMIT ?
        """

    static let customerLatestWord = """
        SELECT environment, original_transaction_id, notification_uuid, signed_date_ms FROM latest_word
        WHERE bundle_id = ? AND original_transaction_id IN (
            SELECT ? UNION SELECT original_transaction_id FROM notifications
            WHERE bundle_id = ? AND app_account_token = ? AND original_transaction_id IS NOT NULL)
        ORDER BY environment, original_transaction_id
        """

    static let customers = """
        SELECT original_transaction_id FROM latest_word WHERE bundle_id = ? AND environment = ?
        ORDER BY original_transaction_id LIMIT ?
        """

    static let countNotifications = "SELECT COUNT(*) FROM notifications"
    static let countQuarantined = "SELECT COUNT(*) FROM quarantine"
}
