/// A receipt model's fields by attribute type (`base` to `base + 63`), one table read per attribute; only
/// keys and setters are kept, read in place, since copying whole fields costs more than decoding.
package struct AttributeFields<Model>: Sendable {
    /// The first type of the table's range.
    let base: Int64
    /// The setters and keys of the fields with an attribute type, grouped by it (bundle_id's carries two).
    private let setters: [FieldSetter<Model>]
    private let keys: [StaticString]
    /// For each type of the range, where its fields lie in `setters`.
    private let slots: [Slot]
    /// Every type some field has.
    let knownTypes: Set<Int64>
    /// The bits of the types whose field holds purchases: one test per attribute, not a copy of its setter.
    let purchaseBits: UInt64

    static var width: Int64 { 64 }

    /// The fields of one type: indices of `setters`, two integers as `PayloadDecoder`'s bounds are.
    struct Slot: Sendable {
        let start: Int
        let end: Int
    }

    init(_ fields: [ModelField<Model>], base: Int64) {
        var grouped: [ModelField<Model>] = []
        var slots: [Slot] = []
        for offset in 0..<Self.width {
            let start = grouped.count
            grouped += fields.filter { $0.attribute == base + offset && $0.setter != nil }
            slots.append(Slot(start: start, end: grouped.count))
        }
        self.base = base
        setters = grouped.compactMap(\.setter)
        keys = grouped.map(\.key)
        self.slots = slots
        knownTypes = Set(fields.compactMap(\.attribute))
        var purchaseBits: UInt64 = 0
        for field in fields {
            guard case .purchases = field.setter, let type = field.attribute, type >= base, type < base + Self.width
            else { continue }
            purchaseBits |= 1 << UInt64(type - base)
        }
        self.purchaseBits = purchaseBits
    }

    /// Where the fields `type` carries lie; nil for an undocumented type.
    @inline(__always)
    func slot(of type: Int64) -> Slot? {
        let offset = type &- base
        guard offset >= 0, offset < Self.width else { return nil }
        let slot = slots[Int(offset)]
        return slot.start < slot.end ? slot : nil
    }

    @inline(__always)
    func setter(at index: Int) -> FieldSetter<Model> {
        setters[index]
    }

    @inline(__always)
    func key(at index: Int) -> StaticString {
        keys[index]
    }

    /// The keys of the fields `type` carries, in the table's order; empty for an undocumented type.
    func keys(of type: Int64) -> [String] {
        guard let slot = slot(of: type) else { return [] }
        return keys[slot.start..<slot.end].map(\.description)
    }

    /// The bit that marks `type` (one of the table's) as seen.
    @inline(__always)
    func bit(_ type: Int64) -> UInt64 {
        1 << UInt64(truncatingIfNeeded: type &- base)
    }
}
