#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hashing and comparing a byte array in bulk over raw buffers, where `[UInt8]`'s own take a byte at a time.
enum ByteRun {
    /// Feeds all of `bytes` to `hasher` at once.
    static func hash(_ bytes: [UInt8], into hasher: inout Hasher) {
        // The buffer is the array's own storage, valid inside the closure; the hasher copies what it reads.
        unsafe bytes.withUnsafeBytes { unsafe hasher.combine(bytes: $0) }
    }

    /// Whether `left` and `right` hold the same bytes.
    static func equal(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        // Both buffers are valid inside the closures and `count` bytes long, checked equal above.
        return unsafe left.withUnsafeBytes { left in
            unsafe right.withUnsafeBytes { right in
                guard let a = left.baseAddress, let b = right.baseAddress else {
                    return left.count == right.count
                }
                return unsafe memcmp(a, b, left.count) == 0
            }
        }
    }
}
