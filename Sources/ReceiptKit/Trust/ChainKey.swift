/// The exact bytes of a chain and its signer, as a cache key, hashed with keyed SipHash so hostile input
/// cannot aim for collisions.
struct ChainKey: Hashable, Sendable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        ByteRun.hash(bytes, into: &hasher)
    }

    static func == (lhs: ChainKey, rhs: ChainKey) -> Bool {
        ByteRun.equal(lhs.bytes, rhs.bytes)
    }
}
