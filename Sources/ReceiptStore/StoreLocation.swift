/// Where a store is, as `--store` names it: `sqlite:///absolute/path`, `sqlite:relative/path` or a bare
/// path (SQLite, the embedded default), or a PostgreSQL connection URI (`postgresql://` or `postgres://`,
/// libpq's own syntax, handed to libpq as it is) for a store several service instances share.
public enum StoreLocation: Sendable, Equatable {
    case sqlite(path: String)
    case postgres(uri: String)

    public static func parse(_ text: String) throws(StoreError) -> StoreLocation {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            guard !text.utf8.contains(0) else { throw StoreError("--store \(redacted(text)) holds a NUL byte") }
            return .postgres(uri: text)
        }
        var path = text
        if text.hasPrefix("sqlite://") {
            path = String(text.dropFirst("sqlite://".count))
        } else if text.hasPrefix("sqlite:") {
            path = String(text.dropFirst("sqlite:".count))
        } else if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/"),
            text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" })
        {
            throw StoreError(
                "--store \(text): unknown kind of store '\(text[..<colon])'; use sqlite:///PATH, a path or "
                    + "postgresql://...")
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
        case .postgres(let uri):
            try PostgresNotificationStore(conninfo: uri, display: Self.redacted(uri), create: create)
        }
    }

    /// A PostgreSQL URI as messages show it: its password (`user:password@` or `password=`) replaced by `***`.
    static func redacted(_ uri: String) -> String {
        guard let scheme = uri.firstRange(of: "://") else { return uri }
        var shown = String(uri[..<scheme.upperBound])
        var rest = uri[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
            shown += rest[..<colon] + ":***"
            rest = rest[at...]
        }
        guard let question = rest.firstIndex(of: "?") else { return shown + rest }
        shown += rest[...question]
        let parameters = rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
        return shown + parameters.map { $0.hasPrefix("password=") ? "password=***" : String($0) }.joined(separator: "&")
    }
}
