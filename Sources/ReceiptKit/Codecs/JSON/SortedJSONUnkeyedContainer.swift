/// An array's container in `SortedJSONEncoder`: elements in the order encoded.
struct SortedJSONUnkeyedContainer: UnkeyedEncodingContainer {
    let node: SortedJSONNode
    let buffer: SortedJSONBuffer
    let depth: Int

    var codingPath: [any CodingKey] { [] }
    var count: Int { node.count }

    mutating func encodeNil() throws { node.append(buffer.literal("null")) }
    mutating func encode(_ value: Bool) throws { node.append(buffer.bool(value)) }
    mutating func encode(_ value: String) throws { node.append(buffer.string(value)) }
    mutating func encode(_ value: Double) throws { node.append(try buffer.float(value)) }
    mutating func encode(_ value: Float) throws { node.append(try buffer.float(value)) }
    mutating func encode(_ value: Int) throws { node.append(buffer.integer(value)) }
    mutating func encode(_ value: Int8) throws { node.append(buffer.integer(value)) }
    mutating func encode(_ value: Int16) throws { node.append(buffer.integer(value)) }
    mutating func encode(_ value: Int32) throws { node.append(buffer.integer(value)) }
    mutating func encode(_ value: Int64) throws { node.append(buffer.integer(value)) }
    mutating func encode(_ value: UInt) throws { node.append(buffer.integer(value)) }
    mutating func encode(_ value: UInt8) throws { node.append(buffer.integer(value)) }
    mutating func encode(_ value: UInt16) throws { node.append(buffer.integer(value)) }
    mutating func encode(_ value: UInt32) throws { node.append(buffer.integer(value)) }
    mutating func encode(_ value: UInt64) throws { node.append(buffer.integer(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.append(try buffer.slot(for: value, depth: depth + 1))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = SortedJSONEncoderState.nested(.object, in: buffer, depth: depth)
        node.append(.node(child))
        return KeyedEncodingContainer(
            SortedJSONKeyedContainer<NestedKey>(node: child, buffer: buffer, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = SortedJSONEncoderState.nested(.array, in: buffer, depth: depth)
        node.append(.node(child))
        return SortedJSONUnkeyedContainer(node: child, buffer: buffer, depth: depth + 1)
    }

    /// Left to `JSONEncoder`, as for an object's super encoder.
    mutating func superEncoder() -> any Encoder {
        buffer.failed = true
        return SortedJSONEncoderState(node: SortedJSONNode(), buffer: buffer, depth: depth + 1)
    }
}
