#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The exact bytes of a chain (and the signer it names), as a cache key.
///
/// Hashed in one bulk call over every byte (keyed SipHash, so hostile input cannot aim for
/// collisions): `[UInt8]`'s own `Hashable` feeds the hasher a byte at a time, and a chain is a few KB
/// hashed for every input.
struct ChainKey: Hashable, Sendable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (lhs: ChainKey, rhs: ChainKey) -> Bool {
        guard lhs.bytes.count == rhs.bytes.count else { return false }
        return lhs.bytes.withUnsafeBytes { left in
            rhs.bytes.withUnsafeBytes { right in
                guard let a = left.baseAddress, let b = right.baseAddress else { return left.count == right.count }
                return memcmp(a, b, left.count) == 0
            }
        }
    }
}
