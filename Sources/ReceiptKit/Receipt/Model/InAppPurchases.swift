/// In-app purchases in input order: a receipt's (field 17), or the facts of one or several inputs.
/// Past `PayloadDecoder.Limits.maximumDecodedPurchases` they are kept as ranges of the payload (all
/// decoded once, so reading one cannot fail), so that memory follows the input's size.
public struct InAppPurchases: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    /// Where one entry's value octets lie, counted from the start of the payload.
    struct Span: Sendable {
        let start: UInt32
        let end: UInt32
    }

    /// Entries left in the payload they were read from.
    struct Encoded: Sendable {
        let payload: ArraySlice<UInt8>
        let spans: [Span]
        /// The limits the payload was decoded within, which reading an entry again keeps.
        let limits: PayloadDecoder.Limits

        func purchase(at index: Int) -> InAppPurchase {
            let span = spans[index]
            let start = payload.startIndex + Int(span.start)
            // Every span was decoded once, with the same code, before the receipt was handed out.
            return PayloadDecoder.purchase(
                in: payload, value: start..<(payload.startIndex + Int(span.end)), limits: limits) ?? InAppPurchase()
        }
    }

    private enum Storage: Sendable {
        case decoded([InAppPurchase])
        case encoded(Encoded)
        /// Parts (each decoded or encoded) one after another; `ends[i]` is where part `i` ends.
        case joined([InAppPurchases], ends: [Int])
        /// Entries of `base` (decoded, encoded or joined) at `positions`, some replaced by position.
        indirect case selected(InAppPurchases, positions: [Int], replaced: [Int: InAppPurchase])
    }

    private var storage: Storage

    /// These purchases, held decoded.
    public init(_ purchases: [InAppPurchase] = []) {
        storage = .decoded(purchases)
    }

    /// These purchases, held decoded.
    public init(arrayLiteral purchases: InAppPurchase...) {
        storage = .decoded(purchases)
    }

    init(encoded: Encoded) {
        storage = .encoded(encoded)
    }

    /// Always 0: positions count entries in input order.
    public var startIndex: Int { 0 }

    /// The number of entries.
    public var endIndex: Int {
        switch storage {
        case .decoded(let purchases): purchases.count
        case .encoded(let encoded): encoded.spans.count
        case .joined(_, let ends): ends.last ?? 0
        case .selected(_, let positions, _): positions.count
        }
    }

    /// The entry at `position`, decoded from the payload again when it is not held decoded.
    public subscript(position: Int) -> InAppPurchase {
        switch storage {
        case .decoded(let purchases): purchases[position]
        case .encoded(let encoded): encoded.purchase(at: position)
        case .joined(let parts, let ends): Self.element(at: position, of: parts, ends: ends)
        case .selected(let base, let positions, let replaced): replaced[position] ?? base[positions[position]]
        }
    }

    /// The entry at `position` of parts that end at `ends`: in the first part ending after it.
    private static func element(at position: Int, of parts: [InAppPurchases], ends: [Int]) -> InAppPurchase {
        var (low, high) = (0, ends.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > position { high = middle } else { low = middle + 1 }
        }
        return parts[low][position - (low == 0 ? 0 : ends[low - 1])]
    }

    /// Every entry decoded, as the public API hands them out.
    package var array: [InAppPurchase] {
        if case .decoded(let purchases) = storage { return purchases }
        return Array(self)
    }

    /// Whether the entries are held decoded (not read from a payload on demand).
    package var isDecoded: Bool {
        if case .decoded = storage { return true }
        return false
    }

    /// These entries followed by `other`'s; parts are joined, not copied, beyond a few decoded ones.
    mutating func append(contentsOf other: InAppPurchases) {
        if isEmpty {
            storage = other.storage
            return
        }
        if case .decoded(let mine) = storage, case .decoded(let theirs) = other.storage,
            mine.count + theirs.count <= PayloadDecoder.Limits.defaultMaximumDecodedPurchases
        {
            storage = .decoded(mine + theirs)
            return
        }
        var parts: [InAppPurchases] = []
        for part in [self, other] where !part.isEmpty {
            if case .joined(let nested, _) = part.storage {
                parts += nested
            } else {
                parts.append(part)
            }
        }
        var ends: [Int] = []
        var total = 0
        for part in parts {
            total += part.count
            ends.append(total)
        }
        storage = .joined(parts, ends: ends)
    }

    /// The entries at `positions`, those in `replaced` replaced; the entries themselves are not copied.
    func selecting(_ positions: [Int], replacing replaced: [Int: InAppPurchase] = [:]) -> InAppPurchases {
        if replaced.isEmpty, positions.count == count, positions.elementsEqual(indices) {
            return self
        }
        if case .decoded(let purchases) = storage {
            var picked = positions.map { purchases[$0] }
            for (position, purchase) in replaced {
                picked[position] = purchase
            }
            return InAppPurchases(picked)
        }
        guard case .selected(let base, let inner, let innerReplaced) = storage else {
            return InAppPurchases(storage: .selected(self, positions: positions, replaced: replaced))
        }
        // A selection of a selection picks from the same base, so reading one stays one step deep.
        var composed = replaced
        for (position, index) in positions.enumerated() where composed[position] == nil {
            if let purchase = innerReplaced[index] {
                composed[position] = purchase
            }
        }
        return InAppPurchases(storage: .selected(base, positions: positions.map { inner[$0] }, replaced: composed))
    }

    private init(storage: Storage) {
        self.storage = storage
    }
}

extension InAppPurchases: Encodable {
    /// As the array of the same entries.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for purchase in self {
            try container.encode(purchase)
        }
    }
}

extension InAppPurchases: Equatable {
    /// Equal when they hold equal entries in the same order, however they are stored.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}
