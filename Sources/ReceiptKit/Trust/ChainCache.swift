/// Verified chains remembered across receipts, bounded in size; the most recent few are compared first,
/// and the hashed table made only once more chains are seen.
struct ChainCache: Sendable {
    /// Bound on distinct chains remembered, so hostile input cannot grow memory without end.
    static let limit = 4096
    /// Bound on the key bytes remembered: a count alone would let hostile certificate sets hold 64 GiB.
    static let byteLimit = 32 << 20
    /// Chains larger than this are checked but never remembered: Apple's are about 4 KiB.
    static let maximumKeySize = 64 << 10
    private static let recentCount = 4

    private var entries: [ChainKey: VerifiedChain] = [:]
    private var recent: [(key: ChainKey, chain: VerifiedChain)] = []
    private var nextRecent = 0
    /// Key bytes held by `entries`, or by `recent` while `entries` is unused.
    private(set) var bytes = 0

    var count: Int { entries.isEmpty ? recent.count : entries.count }

    mutating func lookUp(_ key: ChainKey) -> VerifiedChain? {
        if let hit = recent.first(where: { $0.key == key }) {
            return hit.chain
        }
        guard !entries.isEmpty, let chain = entries[key] else { return nil }
        remember(key, chain)
        return chain
    }

    mutating func insert(_ key: ChainKey, _ chain: VerifiedChain) {
        guard key.bytes.count <= Self.maximumKeySize else { return }
        if entries.isEmpty, recent.count < Self.recentCount {
            if !recent.contains(where: { $0.key == key }) {
                recent.append((key, chain))
                bytes += key.bytes.count
            }
            return
        }
        if entries.isEmpty {
            // The ring is full: from now on the table holds every chain (the ring's are counted already).
            for entry in recent {
                entries[entry.key] = entry.chain
            }
        }
        if entries.count >= Self.limit || bytes + key.bytes.count > Self.byteLimit {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        if entries.updateValue(chain, forKey: key) == nil {
            bytes += key.bytes.count
        }
        remember(key, chain)
    }

    private mutating func remember(_ key: ChainKey, _ chain: VerifiedChain) {
        if recent.count < Self.recentCount {
            recent.append((key, chain))
        } else {
            recent[nextRecent] = (key, chain)
            nextRecent = (nextRecent + 1) % Self.recentCount
        }
    }
}
