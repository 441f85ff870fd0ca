/// The members of a JSON object by coding key, for `JSONValueDecoder`.
///
/// A model's optional `unknownFields: [String: JSONValue]` reads the members its `Key` does not name,
/// so it keeps what Apple adds later under the member its report prints them in.
struct JSONObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    static var unknownFieldsKey: String { "unknownFields" }

    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        member(key) != nil
    }

    private func member(_ key: Key) -> JSONValue? {
        members[key.stringValue]
    }

    /// The members `Key` does not name, nil when none; one Apple itself calls `unknownFields` is among them.
    private func unknownMembers() -> [String: JSONValue]? {
        let unknown = members.filter { Key(stringValue: $0.key) == nil || $0.key == Self.unknownFieldsKey }
        return unknown.isEmpty ? nil : unknown
    }

    /// The member as `T`, nil when absent or null; a wrong type is an error naming the member.
    private func read<T>(_ key: Key, _ convert: (JSONValue) throws -> T) throws -> T? {
        guard let value = member(key), !value.isNull else { return nil }
        do {
            return try convert(value)
        } catch let error as JSONTypeError {
            throw JSONTypeError(member: key.stringValue, expected: error.expected)
        }
    }

    private func require<T>(_ key: Key, _ convert: (JSONValue) throws -> T) throws -> T {
        guard let value = try read(key, convert) else {
            throw JSONTypeError(member: key.stringValue, expected: "present")
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        member(key)?.isNull ?? true
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try read(key, String.init(json:)) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try read(key, Bool.init(json:)) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try read(key, Int64.init(json:)) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try read(key, Double.init(json:)) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if T.self == [String: JSONValue].self, key.stringValue == Self.unknownFieldsKey {
            guard let unknown = unknownMembers() else { return nil }
            return unknown as? T
        }
        return try read(key) { try JSONValueDecoder.value(T.self, from: $0, at: codingPath, key) }
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String { try require(key, String.init(json:)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try require(key, Bool.init(json:)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try require(key, Double.init(json:)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try require(key) { try $0.decoded(as: type) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try require(key) { try $0.decoded(as: type) } }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try require(key) { try $0.decoded(as: type) } }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try require(key) { try $0.decoded(as: type) } }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try require(key) { try $0.decoded(as: type) } }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try require(key, Int64.init(json:)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try require(key) { try $0.decoded(as: type) } }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try require(key) { try $0.decoded(as: type) } }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try require(key) { try $0.decoded(as: type) } }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try require(key) { try $0.decoded(as: type) } }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try require(key) { try $0.decoded(as: type) } }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try require(key) { try JSONValueDecoder.value(T.self, from: $0, at: codingPath, key) }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try superDecoder(forKey: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try superDecoder(forKey: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONValueDecoder(members["super"] ?? .null, codingPath: codingPath + [JSONKey("super")])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoder(member(key) ?? .null, codingPath: codingPath + [key])
    }
}
