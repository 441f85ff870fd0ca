/// A value bound to a statement's parameter or read from a row: the three kinds the store's schema uses.
public enum PostgresValue: Sendable, Equatable {
    case integer(Int64)
    case text(String)
    case null
    /// Arrays, bound as one parameter each (`text[]`, `bigint[]`): a batch of rows in one statement.
    case texts([String?])
    case integers([Int64])

    /// Text, or null when there is none.
    public static func text(_ value: String?) -> PostgresValue {
        value.map { .text($0) } ?? .null
    }

    /// The value as PostgreSQL's text input reads it; nil for null.
    public var literal: String? {
        switch self {
        case .integer(let number): String(number)
        case .text(let text): text
        case .null: nil
        case .integers(let numbers): "{" + numbers.map(String.init).joined(separator: ",") + "}"
        case .texts(let texts):
            // Each element quoted, its quotes and backslashes escaped: no text can end it or add one.
            "{"
                + texts.map { text in
                    text.map { "\"" + $0.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\"" }
                        ?? "NULL"
                }.joined(separator: ",") + "}"
        }
    }
}
