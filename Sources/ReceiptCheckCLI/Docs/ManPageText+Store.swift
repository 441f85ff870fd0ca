import ReceiptStore

/// The man page's NOTIFICATION STORE section: what the store keeps, and its schema (docs/notifications.md).
extension ManPageText {
    static let store = """
        serve --store URL, customer and store import keep App Store Server Notifications in a store: \
        sqlite:///PATH, sqlite:RELATIVE or a PATH names one SQLite file (libsqlite3, opened only then), made \
        when missing, in WAL mode with synchronous=FULL; a notification is committed and synced before serve \
        answers it 200, and writers share each sync (group commit: give serve more --workers than cores). A \
        notification is verified as verify verifies it; what fails is refused (400, store import exit 2) and \
        kept apart in the quarantine table, never decided on. customer ID verifies every notification kept \
        for ID (an original transaction id or an app account token) again and decides once over them, as \
        verify --combine over the same bodies. A postgresql:// or postgres:// URI (libpq's, a password shown as \
        ***) names a PostgreSQL database that several serve instances share (libpq, opened only then): the same \
        schema, made by the first instance, commits with synchronous_commit on, a notification two instances \
        take at once kept once; a lost connection answers 503 and is made again.

        store import also takes the App Store Server API's signed answers as Apple sent them: each signed \
        transaction of a Get Transaction History page, and each status of Get All Subscription Statuses whole \
        (its transaction binds its renewal info, which names no app; a renewal info alone is refused). They \
        are kept in notifications under transaction:ID:SIGNED_MS or status:ORIGINAL_ID:SIGNED_MS, once, and \
        decided with the notifications. store reconcile asks Apple's statuses of each original transaction \
        the store holds (--limit, default 100; api's credentials; one --deadline) and reports those whose \
        stored latest transaction or renewal info differs, field by field with both signed dates (exit 1), \
        and the answers that did not verify (exit 2, never stored); --apply stores Apple's statuses of the \
        customers that differ through the intake. store backfill TRANSACTION_ID... fetches each customer's \
        whole transaction history and statuses (api's credentials, --max-size, one --deadline) and imports \
        every signed item as store import does.

        The schema is version \(StoreSchema.version), its migrations applied once each when a store is \
        opened (a store of a newer version is refused). notifications: one row per notification_uuid \
        (bundle_id, environment, notification_type, subtype, signed_date_ms, original_transaction_id, \
        transaction_id, app_account_token, received_at_ms, body as received). latest_word: per bundle_id, \
        environment and original_transaction_id, the notification_uuid and signed_date_ms of the latest \
        signed notification (an earlier one arriving later never replaces it). quarantine: received_at_ms, \
        reason, message and the first 64 KiB of the body (body_base64). schema_migrations: version, \
        applied_at_ms.
        """
}
