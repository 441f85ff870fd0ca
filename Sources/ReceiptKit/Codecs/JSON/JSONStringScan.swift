/// The scan of a JSON string's plain bytes, the parser's hot loop: the x5c chain makes a JWS header's
/// strings a few KB.
enum JSONStringScan {
    /// Where the run of string bytes that need no decoding ends (at a quote, a backslash, a control
    /// character or the end), and every byte of it ORed together (bit 7 set when any is beyond ASCII).
    /// Eight bytes a word while no byte in it ends the run; a word that may hold one goes byte by byte.
    static func plainRun(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, bits: UInt8) {
        var offset = start
        var bits: UInt8 = 0
        if let base = buffer.baseAddress {
            var wide: UInt64 = 0
            while offset &+ 8 <= buffer.count {
                let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
                if stops(in: word) & highs != 0 { break }
                wide |= word
                offset &+= 8
            }
            if wide & highs != 0 { bits = 0x80 }
        }
        while offset < buffer.count {
            let byte = buffer[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            bits |= byte
            offset &+= 1
        }
        return (offset, bits)
    }

    /// `0x01` in each byte of a word.
    static let ones: UInt64 = 0x0101_0101_0101_0101
    /// Bit 7 of each byte of a word.
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Bit 7 set in a byte of `word` that is a quote, a backslash or below 0x20: the byte is zero after XOR
    /// with the quote or the backslash, or less than 0x20 (the classic has-zero and has-less tests, exact
    /// for the first such byte of the word; the parser's scan and the writer's escape check share it).
    @inline(__always)
    static func stops(in word: UInt64) -> UInt64 {
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
    }
}
