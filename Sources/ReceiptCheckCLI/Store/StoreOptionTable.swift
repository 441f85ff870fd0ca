import ReceiptStore

/// The notification store's options: where it is, who may read a customer, how `store reconcile` asks Apple.
enum StoreOptionTable {
    static let store = OptionKey<String>.value(
        "store", "URL",
        help:
            "the notification store: sqlite:///PATH or a PATH (one SQLite file, made when missing), or "
            + "postgresql://... (a PostgreSQL database)")
    static let customerToken = OptionKey<String>.value(
        "customer-token", "FILE",
        help:
            "serve GET /customers/ID to requests whose Authorization header is 'Bearer' and this file's token"
    )
    static let limit = OptionKey<Int>.number(
        "limit", "N", in: 1...10_000, takes: "a number of customers",
        help: "reconcile: ask Apple about at most N customers of the store, in order of their id (default: 100)")
    static let apply = OptionKey<Bool>.flag(
        "apply", help: "reconcile: store Apple's signed data of each differing customer, verified as import does")
    /// What `store reconcile` and `store backfill` take beside the store's and verify's options.
    static let reconcileOptions = [limit.spec, apply.spec] + APIOptionTable.credentialOptions

    /// The store `--store` names, opened (made and migrated when `create`); nil when not given.
    static func open(_ arguments: ParsedArguments, create: Bool) throws(SetupError) -> (any NotificationStore)? {
        guard let text = arguments[store] else { return nil }
        do throws(StoreError) {
            return try StoreLocation.parse(text).open(create: create)
        } catch {
            throw .unreadable(error.message)
        }
    }

    /// The token `--customer-token` names (the file's first line, at least 16 bytes); nil when not given.
    static func token(_ arguments: ParsedArguments) throws(SetupError) -> [UInt8]? {
        guard let path = arguments[customerToken] else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try InputFile.contents(of: path, limit: 4096)
        } catch {
            throw .unreadable("--customer-token \(path): \(error.message)")
        }
        let token = Array(bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") })
        guard token.count >= 16 else {
            throw .usage(UsageError("--customer-token \(path) holds a token shorter than 16 bytes: too easy to guess"))
        }
        return token
    }
}
