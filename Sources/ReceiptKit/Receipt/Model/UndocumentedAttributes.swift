/// The attributes of a receipt or purchase SET that Apple does not document, in input order, each a range
/// of the payload rather than a copy, since most callers never read them.
package struct UndocumentedAttributes: Sendable {
    /// One attribute: its type and where its value octets lie in `bytes`.
    package struct Entry: Sendable {
        package let type: Int64
        package let value: Range<Int>
    }

    /// The buffer the entries' ranges index (a slice keeps its base's indices).
    private var bytes: ArraySlice<UInt8>
    private var entries: ArraySlice<Entry>

    package init() {
        bytes = []
        entries = []
    }

    /// Entries read from `bytes`, whose ranges are indices of `bytes`.
    init(bytes: ArraySlice<UInt8>, entries: ArraySlice<Entry>) {
        self.bytes = bytes
        self.entries = entries
    }

    /// The attributes of a dictionary, types ascending and values in their order.
    package init(_ dictionary: [Int64: [[UInt8]]]) {
        // Every model starts empty, so the empty case must not sort or allocate.
        guard !dictionary.isEmpty else {
            self.init()
            return
        }
        var bytes: [UInt8] = []
        var entries: [Entry] = []
        for type in dictionary.keys.sorted() {
            for value in dictionary[type] ?? [] {
                entries.append(Entry(type: type, value: bytes.count..<(bytes.count + value.count)))
                bytes.append(contentsOf: value)
            }
        }
        self.init(bytes: bytes[...], entries: entries[...])
    }

    package var isEmpty: Bool { entries.isEmpty }

    /// How many attributes, counting each repetition of a type.
    package var count: Int { entries.count }

    /// The values of one type, in input order.
    package func values(of type: Int64) -> [ArraySlice<UInt8>] {
        entries.filter { $0.type == type }.map { bytes[$0.value] }
    }

    /// Every value grouped by type, in input order per type.
    package var dictionary: [Int64: [[UInt8]]] {
        var result: [Int64: [[UInt8]]] = [:]
        for entry in entries {
            result[entry.type, default: []].append(Array(bytes[entry.value]))
        }
        return result
    }

    /// The entries sorted by their type's key, input order within a type: one sort, O(n log n) however many
    /// types a hostile payload holds, each key made once.
    package func sorted<Key: Comparable>(byKey key: (Int64) -> Key) -> [(key: Key, entry: Entry)] {
        var keyed: [(key: Key, entry: Entry)] = []
        keyed.reserveCapacity(entries.count)
        for entry in entries {
            keyed.append((key(entry.type), entry))
        }
        keyed.sort { a, b in
            guard a.key == b.key else { return a.key < b.key }
            let (x, y) = (a.entry.value, b.entry.value)
            return (x.lowerBound, x.upperBound) < (y.lowerBound, y.upperBound)
        }
        return keyed
    }

    /// The value octets of one of these entries.
    package subscript(entry: Entry) -> ArraySlice<UInt8> {
        bytes[entry.value]
    }
}

extension UndocumentedAttributes: Equatable {
    /// Equal when each type holds the same values in the same order, however the bytes are stored.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.dictionary == rhs.dictionary
    }
}
