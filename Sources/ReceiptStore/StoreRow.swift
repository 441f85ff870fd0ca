import ReceiptPostgres
import ReceiptSQLite

/// A value of a row a backend read, as the store's decoding of rows sees it: the same for every backend.
protocol StoreRowValue {
    var text: String? { get }
    var integer: Int64? { get }
}

extension SQLiteValue: StoreRowValue {
    var integer: Int64? {
        if case .integer(let number) = self { number } else { nil }
    }
}

extension PostgresValue: StoreRowValue {
    var text: String? {
        if case .text(let text) = self { text } else { nil }
    }

    var integer: Int64? {
        if case .integer(let number) = self { number } else { nil }
    }
}

/// The rows of the schema's queries (`StoreSchema`) as the store's values, whichever backend read them.
enum StoreRow {
    /// A row of `StoreSchema.customerNotifications`.
    static func notification(_ row: [some StoreRowValue]) throws(StoreError) -> StoredNotification {
        guard row.count == 11, let uuid = row[0].text, let bundle = row[1].text, let environment = row[2].text,
            let signed = row[5].integer, let received = row[9].integer, let body = row[10].text
        else {
            throw StoreError("the store holds a notification row it cannot read")
        }
        return StoredNotification(
            uuid: uuid, bundleID: bundle, environment: environment, notificationType: row[3].text,
            subtype: row[4].text, signedDateMilliseconds: signed, originalTransactionID: row[6].text,
            transactionID: row[7].text, appAccountToken: row[8].text, receivedAtMilliseconds: received, body: body)
    }

    /// A row of `StoreSchema.customerLatestWord`.
    static func latestWord(_ row: [some StoreRowValue]) throws(StoreError) -> LatestWord {
        guard row.count == 4, let environment = row[0].text, let original = row[1].text, let uuid = row[2].text,
            let signed = row[3].integer
        else {
            throw StoreError("the store holds a latest-word row it cannot read")
        }
        return LatestWord(
            environment: environment, originalTransactionID: original, notificationUUID: uuid,
            signedDateMilliseconds: signed)
    }

    /// A row of `StoreSchema.customers`.
    static func customer(_ row: [some StoreRowValue]) throws(StoreError) -> String {
        guard let id = row.first?.text else { throw StoreError("the store holds a latest-word row it cannot read") }
        return id
    }

    /// The counts of `StoreSchema.countNotifications` and `countQuarantined`.
    static func counts(_ notifications: [[some StoreRowValue]], _ quarantined: [[some StoreRowValue]])
        throws(StoreError) -> StoreCounts
    {
        guard let kept = notifications.first?.first?.integer, let apart = quarantined.first?.first?.integer else {
            throw StoreError("the store's counts cannot be read")
        }
        return StoreCounts(notifications: Int(kept), quarantined: Int(apart))
    }
}
