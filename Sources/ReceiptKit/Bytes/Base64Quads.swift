/// The whole quads of standard base64 decoded over the buffers themselves: the batch path decodes every
/// line (a receipt line is kilobytes of base64), and by checked indices a quad cost 79 instructions against
/// 25 here (a check for each read of the text, of the table and each store). The caller keeps the rest of
/// the grammar (white space, padding, the last quad) in safe code.
enum Base64Quads {
    /// Decodes the quads at the start of `input`, through `quads` (1,024 entries: 256 a position, a letter's
    /// value shifted to its place, `notALetter` set for any other byte), into `out` from its start, up to the
    /// first quad with a byte that is not a letter or the last whole quad. How many letters were read (a
    /// multiple of four) and bytes written; (0, 0), writing nothing, when `quads` or `out` is not the size
    /// this needs, so that the caller's checked path decodes it all.
    static func decode(_ input: ArraySlice<UInt8>, quads: [UInt32], notALetter: UInt32, into out: inout [UInt8])
        -> (read: Int, written: Int)
    {
        let wholeQuads = input.count & ~3
        guard quads.count == 4 * 256, out.count >= wholeQuads / 4 * 3 else { return (0, 0) }
        return unsafe input.withUnsafeBufferPointer { text in
            unsafe quads.withUnsafeBufferPointer { quads in
                unsafe out.withUnsafeMutableBufferPointer { out in
                    // Sound: `read + 4 <= wholeQuads <= text.count`; a table index is a byte plus 256 times
                    // its position, at most 1,023 < 1,024; `written + 3 <= wholeQuads / 4 * 3 <= out.count`.
                    var read = 0
                    var written = 0
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
                    return (read, written)
                }
            }
        }
    }
}
