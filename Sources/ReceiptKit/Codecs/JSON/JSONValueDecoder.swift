/// Decodes a `Decodable` from JSON `JSONParser` has already read within its limits, so a payload
/// model's synthesised `init(from:)` reads the one parse instead of `JSONDecoder` reparsing the bytes.
///
/// Every error is a `JSONTypeError`; the member it names is the outermost one, as reports have
/// always worded a payload of the wrong shape. Each container is one level into the value (a missing
/// member reads as null, which holds no container), so decoding goes no deeper than the parse, which
/// the parser's limits bound.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, codingPath: [any CodingKey] = []) {
        self.value = value
        self.codingPath = codingPath
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(JSONTypeError) -> T {
        do {
            return try T(from: JSONValueDecoder(value))
        } catch let error as JSONTypeError {
            throw error
        } catch {
            throw JSONTypeError(member: nil, expected: "of the expected shape (\(error))")
        }
    }

    /// `value` as `T`: types with a conversion of their own (scalars, `JSONValue`, `JWSDate`, the
    /// models) take it, keeping their messages; any other decodes one level down.
    static func value<T: Decodable>(
        _ type: T.Type, from value: JSONValue, at codingPath: [any CodingKey], _ key: (any CodingKey)?
    ) throws -> T {
        if let convertible = T.self as? any JSONConvertible.Type,
            let converted = try convertible.init(json: value) as? T
        {
            return converted
        }
        return try T(from: JSONValueDecoder(value, codingPath: key.map { codingPath + [$0] } ?? codingPath))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw JSONTypeError(member: nil, expected: "a JSON object") }
        return KeyedDecodingContainer(JSONObjectContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw JSONTypeError(member: nil, expected: "an array") }
        return JSONArrayContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONScalarContainer(value: value, codingPath: codingPath)
    }
}

extension JSONValue {
    /// The scalar conversions every container shares.
    func decoded<T: FixedWidthInteger>(as type: T.Type) throws(JSONTypeError) -> T {
        guard let value = T(exactly: try Int64(json: self)) else {
            throw JSONTypeError(member: nil, expected: "an integer that fits \(T.self)")
        }
        return value
    }

    func decoded(as type: Float.Type) throws(JSONTypeError) -> Float {
        Float(try Double(json: self))
    }

    var isNull: Bool {
        if case .null = self { true } else { false }
    }
}
