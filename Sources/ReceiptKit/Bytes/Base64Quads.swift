/// The whole quads of base64, either alphabet, decoded over the buffers themselves: the batch path decodes
/// every line (a receipt line or a JWS's x5c chain is kilobytes of it), and by checked indices a quad cost 79
/// instructions against 25 here (a check for each read of the text, of the table and each store). The
/// caller (`Base64`) keeps the rest of its grammar (white space, padding, the last quad) in safe code.
enum Base64Quads {
    /// An array of `count` bytes holding the quads at the start of `input` decoded through `quads` (1,024
    /// entries: 256 a position, a letter's value shifted to its place, `notALetter` set for any other byte)
    /// from its start, up to the first quad with a byte that is not a letter or the last whole quad, and
    /// zero after them for the caller; how many letters were read (a multiple of four) and bytes written.
    /// The decoded bytes are written once, into storage not zeroed first (zeroing a receipt's kilobytes cost
    /// 6.6 k instructions a line). When `quads` is not 1,024 entries or `count` has no room for the whole
    /// quads, `count` zero bytes and (0, 0), so that the caller's checked path decodes it all.
    static func decoded(_ input: ArraySlice<UInt8>, quads: [UInt32], notALetter: UInt32, count: Int)
        -> (bytes: [UInt8], read: Int, written: Int)
    {
        let wholeQuads = input.count & ~3
        guard quads.count == 4 * 256, count >= wholeQuads / 4 * 3 else {
            return ([UInt8](repeating: 0, count: max(count, 0)), 0, 0)
        }
        var read = 0
        var written = 0
        let bytes = unsafe [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            unsafe input.withUnsafeBufferPointer { text in
                unsafe quads.withUnsafeBufferPointer { quads in
                    // Sound: `read + 4 <= wholeQuads <= text.count`; a table index is a byte plus 256 times
                    // its position, at most 1,023 < 1,024; `written + 3 <= wholeQuads / 4 * 3 <= count`.
                    while read < wholeQuads {
                        let first = unsafe quads[Int(text[read])] | quads[256 &+ Int(text[read &+ 1])]
                        let quad =
                            unsafe first | quads[512 &+ Int(text[read &+ 2])]
                            | quads[768 &+ Int(text[read &+ 3])]
                        guard quad & notALetter == 0 else { break }
                        unsafe out[written] = UInt8(truncatingIfNeeded: quad &>> 16)
                        unsafe out[written &+ 1] = UInt8(truncatingIfNeeded: quad &>> 8)
                        unsafe out[written &+ 2] = UInt8(truncatingIfNeeded: quad)
                        written &+= 3
                        read &+= 4
                    }
                }
            }
            // Sound: `written <= count`, so the rest lies inside `out`; every byte is then initialized.
            unsafe UnsafeMutableBufferPointer(rebasing: out[written..<count]).initialize(repeating: 0)
            initialized = count
        }
        return (bytes, read, written)
    }
}
