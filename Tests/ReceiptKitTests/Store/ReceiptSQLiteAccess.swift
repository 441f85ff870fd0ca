import ReceiptSQLite

/// A second connection to a store's file, for tests that read or alter it under the store.
enum ReceiptSQLiteAccess {
    static func connection(_ path: String) throws -> SQLiteConnection {
        try SQLiteConnection(path: path, create: false)
    }
}
