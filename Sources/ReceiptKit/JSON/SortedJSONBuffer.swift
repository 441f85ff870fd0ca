#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The state of one encoding: the scalars written so far and nodes ready for reuse.
final class SortedJSONBuffer {
    /// Every scalar value as the JSON text it becomes, one after another; slots refer to ranges of it.
    var bytes: [UInt8] = []
    /// Set by the calls that cannot throw (a second container kind on one node, a super encoder).
    var failed = false
    /// Nodes that ended up holding a scalar, kept for the next value: most values are scalars.
    private var spare: [SortedJSONNode] = []

    init() {
        bytes.reserveCapacity(4096)
    }

    func makeNode() -> SortedJSONNode {
        spare.popLast() ?? SortedJSONNode()
    }

    /// Encodes `value` into `node` (which is empty), one level below the encoder at `depth - 1`.
    func encode<T: Encodable>(_ value: T, into node: SortedJSONNode, depth: Int) throws {
        guard depth < SortedJSONEncoder.maximumDepth, !failed else { throw SortedJSONEncoder.Unsupported() }
        if T.self == JSONValue.self, let json = value as? JSONValue {
            // Unknown members and Apple's nested objects: written straight from the parsed value.
            let start = bytes.count
            try write(json, depth: depth)
            node.setScalar(.bytes(start, bytes.count))
            return
        }
        // JSONEncoder writes these its own way (strategies), not through their `encode(to:)`.
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            throw SortedJSONEncoder.Unsupported()
        }
        try value.encode(to: SortedJSONEncoderState(node: node, buffer: self, depth: depth))
        guard !failed else { throw SortedJSONEncoder.Unsupported() }
    }

    /// `value` encoded as a member or element: its scalar bytes, or the node holding its container.
    func slot<T: Encodable>(for value: T, depth: Int) throws -> SortedJSONNode.Slot {
        let child = makeNode()
        try encode(value, into: child, depth: depth)
        switch child.kind {
        case .empty:
            throw SortedJSONEncoder.Unsupported()
        case .scalar:
            let slot = child.slots[0]
            child.reset()
            spare.append(child)
            return slot
        case .object, .array:
            return .node(child)
        }
    }

    // MARK: - Scalars

    func string(_ text: String) -> SortedJSONNode.Slot {
        let start = bytes.count
        JSONString.append(text, to: &bytes)
        return .bytes(start, bytes.count)
    }

    func literal(_ text: StaticString) -> SortedJSONNode.Slot {
        let start = bytes.count
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        return .bytes(start, bytes.count)
    }

    func bool(_ value: Bool) -> SortedJSONNode.Slot {
        literal(value ? "true" : "false")
    }

    /// Integers as their `description`, as `JSONEncoder` writes them.
    func integer<T: FixedWidthInteger>(_ value: T) -> SortedJSONNode.Slot {
        let start = bytes.count
        var text = value.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
        return .bytes(start, bytes.count)
    }

    /// A float as `JSONEncoder` writes one: its `description` without a trailing `.0` (`1e+20`, `0.1`,
    /// `-0`); not a number or infinite throws, as `JSONEncoder` does by default.
    func float<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T) throws -> SortedJSONNode.Slot {
        guard value.isFinite else { throw SortedJSONEncoder.Unsupported() }
        let start = bytes.count
        var text = value.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
        if bytes.count - start >= 2, bytes[bytes.count - 2] == UInt8(ascii: "."),
            bytes[bytes.count - 1] == UInt8(ascii: "0")
        {
            bytes.removeLast(2)
        }
        return .bytes(start, bytes.count)
    }

    /// A parsed JSON value, objects with their keys sorted; `depth` bounds the recursion (the parser
    /// already bounds what it reads, but a `JSONValue` can be built by hand).
    private func write(_ value: JSONValue, depth: Int) throws {
        guard depth < SortedJSONEncoder.maximumDepth else { throw SortedJSONEncoder.Unsupported() }
        switch value {
        case .null: _ = literal("null")
        case .bool(let flag): _ = bool(flag)
        case .integer(let number): _ = integer(number)
        case .number(let number): _ = try float(number)
        case .string(let text): _ = string(text)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                try write(item, depth: depth + 1)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            // A dictionary's keys are distinct strings, so sorting them needs no duplicate check.
            bytes.append(UInt8(ascii: "{"))
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, member) in sorted.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONString.append(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                try write(member.value, depth: depth + 1)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    // MARK: - Writing the tree

    /// Writes `node` with each object's members in `JSONEncoder`'s order: keys compared as UTF-8 bytes.
    /// `depth` is at most the depth the tree was encoded to, which `encode` bounds.
    func write(_ node: SortedJSONNode, to out: inout [UInt8], depth: Int) throws {
        guard depth < SortedJSONEncoder.maximumDepth else { throw SortedJSONEncoder.Unsupported() }
        switch node.kind {
        case .empty:
            throw SortedJSONEncoder.Unsupported()
        case .scalar:
            try write(node.slots[0], to: &out, depth: depth)
        case .array:
            out.append(UInt8(ascii: "["))
            for (index, slot) in node.slots.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                try write(slot, to: &out, depth: depth + 1)
            }
            out.append(UInt8(ascii: "]"))
        case .object:
            out.append(UInt8(ascii: "{"))
            for (position, index) in try node.sortedMemberIndices().enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                JSONString.append(node.keys[index], to: &out)
                out.append(UInt8(ascii: ":"))
                try write(node.slots[index], to: &out, depth: depth + 1)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private func write(_ slot: SortedJSONNode.Slot, to out: inout [UInt8], depth: Int) throws {
        switch slot {
        case .bytes(let start, let end):
            bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<end])) }
        case .node(let child):
            try write(child, to: &out, depth: depth)
        }
    }
}
