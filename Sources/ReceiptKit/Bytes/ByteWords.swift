/// Bytes read eight at a time as one word over the buffer, for the JSON scans; callers go on byte by byte
/// from a stop, by checked indices.
enum ByteWords {
    /// From `start`, the index of the first word that may end a JSON string's plain run, or of the last
    /// fewer than eight bytes; and the words passed ORed.
    static func plainRun(in bytes: ArraySlice<UInt8>, from start: Int) -> (end: Int, wide: UInt64) {
        scan(bytes, from: start) { stops(in: $0) }
    }

    /// `text`'s UTF-8 appended to `out` when no byte may need escaping, read once and copied once; false,
    /// appending nothing, when one may, for the writer's escaping path.
    static func appendIfPlain(_ text: String, to out: inout [UInt8], escapes: (UInt8) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            // Sound: `words` reads whole words inside the buffer, the rest by indices below its count; the bytes
            // are copied before `withUTF8` returns.
            var offset = unsafe words(UnsafeRawBufferPointer(bytes), from: 0) { outputStops(in: $0) }.offset
            while offset < bytes.count {
                if escapes(unsafe bytes[offset]) { return false }
                offset &+= 1
            }
            unsafe out.append(contentsOf: bytes)
            return true
        }
    }

    /// Bit 7 set in a byte of `word` that JSON output escapes or that may start a line break.
    @inline(__always)
    static func outputStops(in word: UInt64) -> UInt64 {
        // DEL is zero after the XOR; a byte beyond ASCII has its high bit set already.
        let delete = word ^ (ones &* 0x7F)
        return stops(in: word) | ((delete &- ones) & ~delete) | word
    }

    /// From `start`, the index of the first word that may hold a dot, or of the last fewer than eight bytes.
    static func noDot(in bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        return scan(bytes, from: start) { word in
            let dots = word ^ (ones &* 0x2E)
            return (dots &- ones) & ~dots
        }.end
    }

    /// Words from index `start` of `bytes` while `flagged` sets no byte's high bit in them.
    @inline(__always)
    private static func scan(_ bytes: ArraySlice<UInt8>, from start: Int, flagged: (UInt64) -> UInt64) -> (
        end: Int, wide: UInt64
    ) {
        guard start >= bytes.startIndex, start <= bytes.endIndex else { return (max(start, bytes.startIndex), 0) }
        let first = start &- bytes.startIndex
        return unsafe bytes.withUnsafeBytes { buffer in
            // Sound: `first` lies within the buffer (checked above), and `words` reads only whole words inside it.
            let found = unsafe words(buffer, from: first, flagged: flagged)
            return (bytes.startIndex &+ found.offset, found.wide)
        }
    }

    /// Words of `buffer` from `first` while `flagged` sets no high bit: the offset of the first flagged word
    /// (or the last fewer than eight bytes) and the words passed ORed; four words a turn while 32 bytes are
    /// left. A word is loaded at `offset` only while `offset + 8 <= buffer.count`, unaligned.
    @inline(__always)
    private static func words(_ buffer: UnsafeRawBufferPointer, from first: Int, flagged: (UInt64) -> UInt64)
        -> (offset: Int, wide: UInt64)
    {
        // The callers keep `first` within the buffer: a second check here would hide theirs from the tests.
        guard let base = buffer.baseAddress else { return (first, 0) }
        var offset = first
        var wide: UInt64 = 0
        while offset &+ 32 <= buffer.count {
            let block = unsafe base + offset
            let one = unsafe UInt64(littleEndian: block.loadUnaligned(as: UInt64.self))
            let two = unsafe UInt64(littleEndian: block.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            let three = unsafe UInt64(littleEndian: block.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
            let four = unsafe UInt64(littleEndian: block.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
            if (flagged(one) | flagged(two) | flagged(three) | flagged(four)) & highs != 0 { break }
            wide |= one | two | three | four
            offset &+= 32
        }
        while offset &+ 8 <= buffer.count {
            let word = unsafe UInt64(littleEndian: (base + offset).loadUnaligned(as: UInt64.self))
            if flagged(word) & highs != 0 { break }
            wide |= word
            offset &+= 8
        }
        return (offset, wide)
    }

    /// `0x01` in each byte of a word.
    static let ones: UInt64 = 0x0101_0101_0101_0101
    /// Bit 7 of each byte of a word.
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Bit 7 set in a byte of `word` that is a quote, a backslash or below 0x20 (the classic has-zero and
    /// has-less tests, exact for the first such byte).
    @inline(__always)
    static func stops(in word: UInt64) -> UInt64 {
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
    }
}
