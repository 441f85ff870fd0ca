/// The length octets of a DER element in the common shape: definite, in at most four octets, with the
/// contents ending by `end`. The fast paths of the reader and the receipt decoder read every element
/// they can through this, and leave anything else to the reader's general path, which names the fault.
enum DefiniteLength {
    /// The index range of the contents of the element whose tag octet is at `start`; nil for any other
    /// shape (indefinite or longer lengths, contents past `end`). Needs `end - start >= 2`, and reads
    /// `byte(i)` only for `start < i < end`.
    ///
    /// The arithmetic does not trap, and need not: indices lie in `start...end`, and a length of at most
    /// four octets is below 2^32, so no sum overflows.
    @inline(__always)
    static func contents(at start: Int, end: Int, _ byte: (Int) -> UInt8) -> Range<Int>? {
        let lengthOctet = byte(start &+ 1)
        var index = start &+ 2
        var length = Int(lengthOctet)
        if lengthOctet >= 0x80 {
            let count = length & 0x7F
            guard count >= 1, count <= 4, end &- index >= count else { return nil }
            length = 0
            for offset in 0..<count {
                length = length &<< 8 | Int(byte(index &+ offset))
            }
            index &+= count
        }
        guard end &- index >= length else { return nil }
        return index..<(index &+ length)
    }
}
