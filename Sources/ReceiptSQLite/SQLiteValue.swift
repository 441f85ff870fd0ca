/// A value bound to a statement's parameter: the three kinds the store's schema uses.
public enum SQLiteValue: Sendable, Equatable {
    case integer(Int64)
    case text(String)
    case null

    /// Text, or null when there is none.
    public static func text(_ value: String?) -> SQLiteValue {
        value.map { .text($0) } ?? .null
    }
}
