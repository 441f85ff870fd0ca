/// Where a store is, as `--store` names it: `sqlite:///absolute/path`, `sqlite:relative/path` or a bare
/// path (SQLite, the embedded default). A PostgreSQL address is recognised and refused by name until that
/// backend exists, so that it is never taken for a file name.
public enum StoreLocation: Sendable, Equatable {
    case sqlite(path: String)

    public static func parse(_ text: String) throws(StoreError) -> StoreLocation {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            throw StoreError("--store \(text): PostgreSQL stores are not supported by this build; use sqlite:///PATH")
        }
        var path = text
        if text.hasPrefix("sqlite://") {
            path = String(text.dropFirst("sqlite://".count))
        } else if text.hasPrefix("sqlite:") {
            path = String(text.dropFirst("sqlite:".count))
        } else if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/"),
            text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" })
        {
            throw StoreError("--store \(text): unknown kind of store '\(text[..<colon])'; use sqlite:///PATH or a path")
        }
        guard !path.isEmpty, !path.utf8.contains(0) else {
            throw StoreError("--store \(text) names no file")
        }
        return .sqlite(path: path)
    }

    /// Opens the store, creating it (and migrating its schema to this build's) when `create`.
    public func open(create: Bool) throws(StoreError) -> any NotificationStore {
        switch self {
        case .sqlite(let path): try SQLiteNotificationStore(path: path, create: create)
        }
    }
}
