#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds a byte with the C library's `memchr`, which compares many bytes at a time: a batch of lines
/// looks for a newline in every byte of its input.
public enum ByteSearch {
    /// The index of the first `byte` in `range` of `bytes`, or nil when there is none. A range that does
    /// not lie within `bytes` finds nothing.
    public static func firstIndex(of byte: UInt8, in bytes: [UInt8], within range: Range<Int>) -> Int? {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, !range.isEmpty else { return nil }
        return unsafe bytes.withUnsafeBytes { buffer -> Int? in
            // The range was checked against the array above, so memchr reads only its bytes; the pointer it
            // returns lies in the buffer and becomes an index before the closure ends.
            guard let base = buffer.baseAddress,
                let found = unsafe memchr(base + range.lowerBound, Int32(byte), range.count)
            else { return nil }
            return unsafe base.distance(to: UnsafeRawPointer(found))
        }
    }
}
