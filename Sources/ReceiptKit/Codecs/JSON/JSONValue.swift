/// Any JSON value, kept as it came so fields this version does not know are not lost.
public enum JSONValue: Sendable, Equatable, Codable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits 64 bits: the only kind an integer field reads.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; member names are distinct (a duplicate is refused by the parser).
    case object([String: JSONValue])

    /// Deepest nesting kept: Apple's payloads are flat; the bound stops input-chosen recursion.
    public static let maximumDepth = 32

    /// Through a `Decoder`, which never hands out the text, `1.0000000000000000001` decodes as an integer;
    /// ReceiptKit reads its inputs with `JSONParser`, where the text decides.
    public init(from decoder: any Decoder) throws {
        guard decoder.codingPath.count <= Self.maximumDepth else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "nested deeper than \(Self.maximumDepth) levels"))
        }
        if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !array.isAtEnd {
                values.append(try array.decode(JSONValue.self))
            }
            self = .array(values)
        } else if let object = try? decoder.container(keyedBy: JSONKey.self) {
            var values: [String: JSONValue] = [:]
            for key in object.allKeys {
                values[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
            }
            self = .object(values)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let value = try? single.decode(Bool.self) {
                self = .bool(value)
            } else if let integer = try? single.decode(Int64.self) {
                // `JSONDecoder` drops the fraction of `9007199254740993.5`: an integer only when the double agrees.
                if let number = try? single.decode(Double.self), Double(integer) != number {
                    self = .number(number)
                } else {
                    self = .integer(integer)
                }
            } else if let value = try? single.decode(Double.self) {
                self = .number(value)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    /// The text of a string value, nil for any other.
    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .null: try single.encodeNil()
        case .bool(let value): try single.encode(value)
        case .integer(let value): try single.encode(value)
        case .number(let value): try single.encode(value)
        case .string(let value): try single.encode(value)
        case .array(let value): try single.encode(value)
        case .object(let value): try single.encode(value)
        }
    }
}
