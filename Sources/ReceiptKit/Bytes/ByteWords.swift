/// Bytes read eight at a time as one word, over the buffer itself: the JSON parser's string scan and the
/// writer's escape check pass over kilobytes a line (a JWS header's x5c chain, a notification's signed
/// transaction), and a word joined from eight checked reads cost half again as much. The callers decide
/// what a word that stops the run is and go on byte by byte, by checked indices, from there.
enum ByteWords {
    /// From index `start` of `bytes`, the index of the first word whose bytes may end a JSON string's
    /// plain run (`JSONStringScan.stops`), or of the last fewer than eight bytes; and the words passed ORed.
    static func plainRun(in bytes: ArraySlice<UInt8>, from start: Int) -> (end: Int, wide: UInt64) {
        scan(bytes, from: start) { JSONStringScan.stops(in: $0) }
    }

    /// From index `start` of `bytes`, the index of the first word that may hold a byte JSON output escapes
    /// (a stop of the scan, DEL, or any byte beyond ASCII), or of the last fewer than eight bytes.
    static func plainOutput(in bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        let ones = JSONStringScan.ones
        return scan(bytes, from: start) { word in
            // DEL is zero after the XOR; a byte beyond ASCII has its high bit set already.
            let delete = word ^ (ones &* 0x7F)
            return JSONStringScan.stops(in: word) | ((delete &- ones) & ~delete) | word
        }.end
    }

    /// From index `start` of `bytes`, the index of the first word that may hold a dot (a byte that is zero
    /// after XOR with dots), or of the last fewer than eight bytes.
    static func noDot(in bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        let ones = JSONStringScan.ones
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
            // Sound: a word is loaded at `offset` only while `offset + 8 <= buffer.count`, and `offset`
            // starts at `first`, within the buffer (checked above); the load is unaligned.
            var offset = first
            var wide: UInt64 = 0
            guard let base = buffer.baseAddress else { return (start, 0) }
            while offset &+ 8 <= buffer.count {
                let word = unsafe UInt64(littleEndian: (base + offset).loadUnaligned(as: UInt64.self))
                if flagged(word) & JSONStringScan.highs != 0 { break }
                wide |= word
                offset &+= 8
            }
            return (bytes.startIndex &+ offset, wide)
        }
    }
}
