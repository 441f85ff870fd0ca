/// The whole quads of base64, either alphabet, decoded over the buffers themselves; the caller (`Base64`)
/// keeps the rest of the grammar in safe code (docs/performance.md).
enum Base64Quads {
    /// `count` bytes holding the whole quads of `input` decoded through `quads` (1,024 entries) up to the
    /// first non-letter, then zeros, written once into storage not zeroed first; with the letters read and
    /// bytes written. When the sizes do not fit, `count` zero bytes and (0, 0), for the checked path.
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
                    // Sound: `read + 4 <= wholeQuads <= text.count`; a table index is at most 1,023 < 1,024;
                    // `written + 3 <= wholeQuads / 4 * 3 <= count`.
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
