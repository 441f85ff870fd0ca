/// The scan of a JSON string's plain bytes, the parser's hot loop: the x5c chain makes a JWS header's
/// strings a few KB.
enum JSONStringScan {
    /// Where the run of string bytes from index `start` of `bytes` that need no decoding ends (at a quote, a
    /// backslash, a control character or the end), and every byte of it ORed together (bit 7 set when any is
    /// beyond ASCII). Eight bytes a word while no byte in it ends the run; a word that may hold one goes byte
    /// by byte.
    static func plainRun(in bytes: ArraySlice<UInt8>, from start: Int) -> (end: Int, bits: UInt8) {
        // The words through the wall of the byte loops; from the first that may end the run, byte by byte.
        var (index, wide) = ByteWords.plainRun(in: bytes, from: start)
        var bits: UInt8 = 0
        if wide & highs != 0 { bits = 0x80 }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            bits |= byte
            index &+= 1
        }
        return (index, bits)
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
