/// The exact bytes of a chain (and the signer it names), as a cache key.
///
/// Hashed in one bulk call over every byte (keyed SipHash, so hostile input cannot aim for
/// collisions), and compared with `memcmp` (`ByteRun`): a chain is a few KB, looked up for every input.
struct ChainKey: Hashable, Sendable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        ByteRun.hash(bytes, into: &hasher)
    }

    static func == (lhs: ChainKey, rhs: ChainKey) -> Bool {
        ByteRun.equal(lhs.bytes, rhs.bytes)
    }
}
