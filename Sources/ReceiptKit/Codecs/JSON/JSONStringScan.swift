/// The scan of a JSON string's plain bytes, the parser's hot loop (a JWS header's x5c strings are KBs).
enum JSONStringScan {
    /// Where the run of bytes from `start` needing no decoding ends, and all its bytes ORed (bit 7: non-ASCII);
    /// eight bytes a word, then byte by byte near a stop.
    static func plainRun(in bytes: ArraySlice<UInt8>, from start: Int) -> (end: Int, bits: UInt8) {
        // The words through the wall of the byte loops; from the first that may end the run, byte by byte.
        var (index, wide) = ByteWords.plainRun(in: bytes, from: start)
        var bits: UInt8 = 0
        if wide & ByteWords.highs != 0 { bits = 0x80 }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            bits |= byte
            index &+= 1
        }
        return (index, bits)
    }
}
