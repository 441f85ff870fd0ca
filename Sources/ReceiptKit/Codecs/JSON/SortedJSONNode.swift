/// One value of the tree `SortedJSONEncoder` builds: an object's members in the order they were encoded
/// (sorted only when written), an array's elements, or one scalar.
///
/// A class because containers are values the models hold while they encode, and each must add to the
/// same object or array.
final class SortedJSONNode {
    enum Kind {
        case empty
        case scalar
        case object
        case array
    }

    /// A member's or element's value: JSON text already written into the buffer, or a container.
    enum Slot {
        case bytes(Int, Int)
        case node(SortedJSONNode)
    }

    private(set) var kind = Kind.empty
    /// An object's keys, parallel to `slots`.
    private(set) var keys: [String] = []
    /// An object's member values, an array's elements, or a scalar's one slot.
    private(set) var slots: [Slot] = []

    /// Makes this node the kind a container asks for; false when it already holds another kind, which
    /// `JSONEncoder` would refuse with a precondition.
    func become(_ wanted: Kind) -> Bool {
        if kind == .empty { kind = wanted }
        return kind == wanted
    }

    func setScalar(_ slot: Slot) {
        kind = .scalar
        slots.removeAll(keepingCapacity: true)
        slots.append(slot)
    }

    func append(_ slot: Slot) {
        slots.append(slot)
    }

    func append(_ key: String, _ slot: Slot) {
        keys.append(key)
        slots.append(slot)
    }

    var count: Int { slots.count }

    func reset() {
        kind = .empty
        keys.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
    }

    /// The members' indices in `JSONEncoder`'s order: keys compared as UTF-8 bytes. Throws for a key
    /// written twice, which `JSONEncoder` would keep once (the last), and so for two keys Swift holds
    /// equal (canonically equivalent, which needs a non-ASCII key).
    func sortedMemberIndices() throws -> [Int] {
        var order = Array(keys.indices)
        order.sort { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
        var hasNonASCII = false
        for (position, index) in order.enumerated() {
            if position > 0, keys[order[position - 1]] == keys[index] { throw SortedJSONEncoder.UnsupportedError() }
            if !hasNonASCII, keys[index].utf8.contains(where: { $0 >= 0x80 }) { hasNonASCII = true }
        }
        if hasNonASCII, Set(keys).count != keys.count { throw SortedJSONEncoder.UnsupportedError() }
        return order
    }
}
