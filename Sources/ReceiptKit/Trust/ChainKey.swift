/// The exact bytes of a chain (and the signer it names), as a cache key.
///
/// Hashes the bytes in one bulk call: `[UInt8]`'s own `Hashable` feeds the hasher a byte at a
/// time, which for a 4 KB chain cost more than the receipt's digest.
struct ChainKey: Hashable, Sendable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (lhs: ChainKey, rhs: ChainKey) -> Bool {
        lhs.bytes == rhs.bytes
    }
}
