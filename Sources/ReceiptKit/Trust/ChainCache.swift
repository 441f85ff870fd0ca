/// Verified chains remembered across receipts, bounded in size.
///
/// A batch almost always repeats the chain it saw last, so the few most recent entries are
/// compared first (a length check and a `memcmp`) before the hashed lookup, which must read
/// every byte of the key.
struct ChainCache: Sendable {
    /// Bound on distinct chains remembered, so hostile input cannot grow memory without end.
    static let limit = 4096
    private static let recentCount = 4

    private var entries: [ChainKey: VerifiedChain] = [:]
    private var recent: [(key: ChainKey, chain: VerifiedChain)] = []
    private var nextRecent = 0

    mutating func lookUp(_ key: ChainKey) -> VerifiedChain? {
        if let hit = recent.first(where: { $0.key == key }) {
            return hit.chain
        }
        guard let chain = entries[key] else { return nil }
        remember(key, chain)
        return chain
    }

    mutating func insert(_ key: ChainKey, _ chain: VerifiedChain) {
        if entries.count >= Self.limit {
            entries.removeAll(keepingCapacity: true)
        }
        entries[key] = chain
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
