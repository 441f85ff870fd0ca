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
