/// A value bound to a statement's parameter or read from a row: the three kinds the store's schema uses.
public enum PostgresValue: Sendable, Equatable {
    case integer(Int64)
    case text(String)
    case null

    /// Text, or null when there is none.
    public static func text(_ value: String?) -> PostgresValue {
        value.map { .text($0) } ?? .null
    }
}
