/// The whole quads of base64url decoded over the buffers themselves: a JWS header's x5c chain is a few
/// KB, decoded for every line of a batch, and by checked indices each read of the text, of the table and
/// each store paid a check. The caller keeps the length's rules and the last two or three characters.
enum Base64URLQuads {
    /// An array of `count` bytes holding every whole quad of `input` decoded through `table` (256 entries, a
    /// letter's value or a byte with a bit above the six of a value) from its start, the bytes after them
    /// zero for the caller's last characters; and every table value ORed, so that the loop tests nothing per
    /// character. The decoded bytes are written once, into storage not zeroed first (zeroing a notification's
    /// kilobytes cost 20 k instructions a line). Nil, making nothing, when `table` is not 256 entries or
    /// `count` has no room for the whole quads.
    static func decoded(_ input: ArraySlice<UInt8>, table: [UInt8], count: Int) -> (bytes: [UInt8], invalid: UInt8)? {
        let quadCount = input.count / 4
        guard table.count == 256, count >= quadCount * 3 else { return nil }
        var invalid: UInt8 = 0
        let bytes = unsafe [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            unsafe input.withUnsafeBufferPointer { text in
                unsafe table.withUnsafeBufferPointer { table in
                    // Sound: the last quad's letters end at `4 * quadCount <= text.count`, its bytes at
                    // `3 * quadCount <= count <= out.count`, and a table index is a byte, below 256.
                    var index = 0
                    var written = 0
                    for _ in 0..<quadCount {
                        let a = unsafe table[Int(text[index])]
                        let b = unsafe table[Int(text[index &+ 1])]
                        let c = unsafe table[Int(text[index &+ 2])]
                        let d = unsafe table[Int(text[index &+ 3])]
                        invalid |= a | b | c | d
                        let quad = UInt32(a) &<< 18 | UInt32(b) &<< 12 | UInt32(c) &<< 6 | UInt32(d)
                        unsafe out[written] = UInt8(truncatingIfNeeded: quad &>> 16)
                        unsafe out[written &+ 1] = UInt8(truncatingIfNeeded: quad &>> 8)
                        unsafe out[written &+ 2] = UInt8(truncatingIfNeeded: quad)
                        index &+= 4
                        written &+= 3
                    }
                }
            }
            // Sound: `3 * quadCount <= count`, so the rest lies inside `out`; every byte is then initialized.
            unsafe UnsafeMutableBufferPointer(rebasing: out[(quadCount * 3)..<count]).initialize(repeating: 0)
            initialized = count
        }
        return (bytes, invalid)
    }
}
