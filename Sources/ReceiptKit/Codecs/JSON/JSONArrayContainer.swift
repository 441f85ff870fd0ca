/// The items of a JSON array in order, for `JSONValueDecoder`.
struct JSONArrayContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next<T>(_ convert: (JSONValue) throws -> T) throws -> T {
        guard currentIndex < items.count else { throw JSONTypeError(member: nil, expected: "long enough") }
        let value = try convert(items[currentIndex])
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < items.count, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: String.Type) throws -> String { try next(String.init(json:)) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(Bool.init(json:)) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(Double.init(json:)) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.decoded(as: type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next { try $0.decoded(as: type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { try $0.decoded(as: type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { try $0.decoded(as: type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { try $0.decoded(as: type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(Int64.init(json:)) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next { try $0.decoded(as: type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try $0.decoded(as: type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next { try $0.decoded(as: type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next { try $0.decoded(as: type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next { try $0.decoded(as: type) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let path = codingPath
        let key = JSONKey(String(currentIndex))
        return try next { try JSONValueDecoder.value(T.self, from: $0, at: path, key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try superDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try superDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let path = codingPath + [JSONKey(String(currentIndex))]
        return try next { JSONValueDecoder($0, codingPath: path) }
    }
}
