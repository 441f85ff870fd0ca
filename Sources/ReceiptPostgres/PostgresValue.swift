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
        bytes.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The literal's UTF-8 bytes; nil for null.
    var bytes: [UInt8]? {
        switch self {
        case .integer(let number): return Array(String(number).utf8)
        case .text(let text): return Array(text.utf8)
        case .null: return nil
        case .integers(let numbers): return Array(("{" + numbers.map(String.init).joined(separator: ",") + "}").utf8)
        case .texts(let texts):
            var bytes: [UInt8] = [UInt8(ascii: "{")]
            bytes.reserveCapacity(texts.reduce(2) { $0 + ($1?.utf8.count ?? 4) + 3 })
            for (index, text) in texts.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                guard let text else {
                    bytes += Array("NULL".utf8)
                    continue
                }
                // Each element quoted, its quotes and backslashes escaped: no text can end it or add one.
                bytes.append(UInt8(ascii: "\""))
                for byte in text.utf8 {
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                    bytes.append(byte)
                }
                bytes.append(UInt8(ascii: "\""))
            }
            bytes.append(UInt8(ascii: "}"))
            return bytes
        }
    }
}
