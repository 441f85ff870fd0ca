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
        guard depth < SortedJSONEncoder.maximumDepth, !failed else { throw SortedJSONEncoder.UnsupportedError() }
        if T.self == JSONValue.self, let json = value as? JSONValue {
            // Unknown members and Apple's nested objects: written straight from the parsed value.
            let start = bytes.count
            try CompactJSONWriter.append(json, to: &bytes, depth: depth)
            node.setScalar(.bytes(start, bytes.count))
            return
        }
        // JSONEncoder writes these its own way (strategies), not through their `encode(to:)`.
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            throw SortedJSONEncoder.UnsupportedError()
        }
        try value.encode(to: SortedJSONEncoderState(node: node, buffer: self, depth: depth))
        guard !failed else { throw SortedJSONEncoder.UnsupportedError() }
    }

    /// `value` encoded as a member or element: its scalar bytes, or the node holding its container.
    func slot<T: Encodable>(for value: T, depth: Int) throws -> SortedJSONNode.Slot {
        let child = makeNode()
        try encode(value, into: child, depth: depth)
        switch child.kind {
        case .empty:
            throw SortedJSONEncoder.UnsupportedError()
        case .scalar:
            guard let slot = child.slots.first else { throw SortedJSONEncoder.UnsupportedError() }
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

    func integer<T: FixedWidthInteger>(_ value: T) -> SortedJSONNode.Slot {
        let start = bytes.count
        CompactJSONWriter.appendInteger(value, to: &bytes)
        return .bytes(start, bytes.count)
    }

    func float<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T) throws -> SortedJSONNode.Slot {
        let start = bytes.count
        try CompactJSONWriter.appendFloat(value, to: &bytes)
        return .bytes(start, bytes.count)
    }

    // MARK: - Writing the tree

    /// Writes `node` with each object's members in `JSONEncoder`'s order: keys compared as UTF-8 bytes.
    /// `depth` is at most the depth the tree was encoded to, which `encode` bounds.
    func write(_ node: SortedJSONNode, to out: inout [UInt8], depth: Int) throws {
        guard depth < SortedJSONEncoder.maximumDepth else { throw SortedJSONEncoder.UnsupportedError() }
        switch node.kind {
        case .empty:
            throw SortedJSONEncoder.UnsupportedError()
        case .scalar:
            guard let slot = node.slots.first else { throw SortedJSONEncoder.UnsupportedError() }
            try write(slot, to: &out, depth: depth)
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
