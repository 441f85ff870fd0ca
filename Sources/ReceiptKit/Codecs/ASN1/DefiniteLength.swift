/// The length octets of a DER element in the common shape: definite, in at most four octets, with the
/// contents ending by `end`. The fast paths of the reader and the receipt decoder read every element
/// they can through this, and leave anything else to the reader's general path, which names the fault.
enum DefiniteLength {
    /// The index range of the contents of the element whose tag octet is at `start`; nil for any other
    /// shape (indefinite or longer lengths, contents past `end`). Needs `end - start >= 2` and `end` inside
    /// `bytes`.
    ///
    /// The arithmetic does not trap, and need not: indices lie in `start...end`, and a length of at most
    /// four octets is below 2^32, so no sum overflows.
    @inline(__always)
    static func contents(at start: Int, end: Int, in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        let lengthOctet = bytes[start &+ 1]
        var index = start &+ 2
        var length = Int(lengthOctet)
        if lengthOctet >= 0x80 {
            let count = length & 0x7F
            guard count >= 1, count <= 4, end &- index >= count else { return nil }
            length = Int(truncatingIfNeeded: bytes.bigEndian(index..<(index &+ count)))
            index &+= count
        }
        guard end &- index >= length else { return nil }
        return index..<(index &+ length)
    }
}

extension ArraySlice<UInt8> {
    /// The unsigned big-endian number in `range`, at most eight octets: the one reading of DER's length
    /// octets and INTEGER contents, whose callers check the count (and the sign) first.
    @inline(__always)
    func bigEndian(_ range: Range<Int>) -> UInt64 {
        var value: UInt64 = 0
        for index in range {
            value = value &<< 8 | UInt64(self[index])
        }
        return value
    }
}
