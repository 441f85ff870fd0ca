/// An object's container in `SortedJSONEncoder`: each member is added in the order encoded, as `JSONEncoder`
/// would hold it before sorting.
struct SortedJSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: SortedJSONNode
    let buffer: SortedJSONBuffer
    let depth: Int

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { node.append(key.stringValue, buffer.literal("null")) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { node.append(key.stringValue, buffer.bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws {
        node.append(key.stringValue, buffer.string(value))
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        node.append(key.stringValue, try buffer.float(value))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        node.append(key.stringValue, try buffer.float(value))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { node.append(key.stringValue, buffer.integer(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { node.append(key.stringValue, buffer.integer(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        node.append(key.stringValue, buffer.integer(value))
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        node.append(key.stringValue, buffer.integer(value))
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        node.append(key.stringValue, buffer.integer(value))
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws { node.append(key.stringValue, buffer.integer(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        node.append(key.stringValue, buffer.integer(value))
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        node.append(key.stringValue, buffer.integer(value))
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        node.append(key.stringValue, buffer.integer(value))
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        node.append(key.stringValue, buffer.integer(value))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.append(key.stringValue, try buffer.slot(for: value, depth: depth + 1))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = SortedJSONEncoderState.nested(.object, in: buffer, depth: depth)
        node.append(key.stringValue, .node(child))
        return KeyedEncodingContainer(
            SortedJSONKeyedContainer<NestedKey>(node: child, buffer: buffer, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = SortedJSONEncoderState.nested(.array, in: buffer, depth: depth)
        node.append(key.stringValue, .node(child))
        return SortedJSONUnkeyedContainer(node: child, buffer: buffer, depth: depth + 1)
    }

    /// `JSONEncoder` fills a super encoder's member after the fact; rather than copy that, such a value
    /// is left to it.
    mutating func superEncoder() -> any Encoder {
        buffer.failed = true
        return SortedJSONEncoderState(node: SortedJSONNode(), buffer: buffer, depth: depth + 1)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder()
    }
}
