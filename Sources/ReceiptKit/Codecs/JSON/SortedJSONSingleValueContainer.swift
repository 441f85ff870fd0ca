/// A single value's container in `SortedJSONEncoder`: raw-value enums, dates written as strings and
/// `JSONValue` write through it.
struct SortedJSONSingleValueContainer: SingleValueEncodingContainer {
    let node: SortedJSONNode
    let buffer: SortedJSONBuffer
    let depth: Int

    var codingPath: [any CodingKey] { [] }

    /// Holds `slot` as the node's value; a second value is what `JSONEncoder` refuses with a precondition.
    private func set(_ slot: SortedJSONNode.Slot) {
        if node.kind == .empty {
            node.setScalar(slot)
        } else {
            buffer.failed = true
        }
    }

    mutating func encodeNil() throws { set(buffer.literal("null")) }
    mutating func encode(_ value: Bool) throws { set(buffer.bool(value)) }
    mutating func encode(_ value: String) throws { set(buffer.string(value)) }
    mutating func encode(_ value: Double) throws { set(try buffer.float(value)) }
    mutating func encode(_ value: Float) throws { set(try buffer.float(value)) }
    mutating func encode(_ value: Int) throws { set(buffer.integer(value)) }
    mutating func encode(_ value: Int8) throws { set(buffer.integer(value)) }
    mutating func encode(_ value: Int16) throws { set(buffer.integer(value)) }
    mutating func encode(_ value: Int32) throws { set(buffer.integer(value)) }
    mutating func encode(_ value: Int64) throws { set(buffer.integer(value)) }
    mutating func encode(_ value: UInt) throws { set(buffer.integer(value)) }
    mutating func encode(_ value: UInt8) throws { set(buffer.integer(value)) }
    mutating func encode(_ value: UInt16) throws { set(buffer.integer(value)) }
    mutating func encode(_ value: UInt32) throws { set(buffer.integer(value)) }
    mutating func encode(_ value: UInt64) throws { set(buffer.integer(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard node.kind == .empty else {
            buffer.failed = true
            return
        }
        try buffer.encode(value, into: node, depth: depth + 1)
    }
}
