/// Base64 in its two grammars: the standard one of receipts and PEM, and the strict base64url of JWS,
/// whole quads decoded through `Base64Quads`, the rest here.
package enum Base64 {
    /// Strict base64: standard alphabet, optional padding, white space ignored; nil for anything else, so
    /// random text is not "decoded" into random bytes.
    package static func decode(_ input: ArraySlice<UInt8>) -> [UInt8]? {
        let quads = standardQuads
        var valid = true
        // Whole quads up to the first white space, padding or stray byte through the wall; the rest here.
        var out: [UInt8]
        let read: Int
        var count: Int
        (out, read, count) = Base64Quads.decoded(
            input, quads: quads, notALetter: notALetter, count: input.count / 4 * 3 + 3)
        var index = input.startIndex &+ read
        var accumulator: UInt32 = 0
        var letters = read
        var padding = 0
        while index < input.endIndex {
            // Back to whole quads after white space (PEM and wrapped lines).
            if letters & 3 == 0, padding == 0, index + 4 <= input.endIndex {
                let quad =
                    quads[Int(input[index])] | quads[256 &+ Int(input[index &+ 1])]
                    | quads[512 &+ Int(input[index &+ 2])] | quads[768 &+ Int(input[index &+ 3])]
                if quad & notALetter == 0 {
                    out[count] = UInt8(truncatingIfNeeded: quad &>> 16)
                    out[count + 1] = UInt8(truncatingIfNeeded: quad &>> 8)
                    out[count + 2] = UInt8(truncatingIfNeeded: quad)
                    count += 3
                    letters += 4
                    index += 4
                    continue
                }
            }
            let byte = input[index]
            index += 1
            // The last position's table holds each letter's value unshifted.
            let value = quads[768 &+ Int(byte)]
            if value & notALetter == 0 {
                // A letter after padding: `=` is only ever the end.
                guard padding == 0 else {
                    valid = false
                    break
                }
                accumulator = accumulator << 6 | value
                letters += 1
                if letters & 3 == 0 {
                    out[count] = UInt8(truncatingIfNeeded: accumulator >> 16)
                    out[count + 1] = UInt8(truncatingIfNeeded: accumulator >> 8)
                    out[count + 2] = UInt8(truncatingIfNeeded: accumulator)
                    count += 3
                    accumulator = 0
                }
            } else if byte == UInt8(ascii: "=") {
                padding += 1
            } else if !isSpace(byte) {
                valid = false
                break
            }
        }
        // The last quad: two letters make a byte and allow `==`, three make two and allow `=`.
        switch letters & 3 {
        case 0 where padding == 0 && letters > 0:
            break
        case 2 where padding <= 2:
            out[count] = UInt8(truncatingIfNeeded: accumulator >> 4)
            count += 1
        case 3 where padding <= 1:
            out[count] = UInt8(truncatingIfNeeded: accumulator >> 10)
            out[count + 1] = UInt8(truncatingIfNeeded: accumulator >> 2)
            count += 2
        default:
            valid = false
        }
        guard valid else { return nil }
        out.removeSubrange(count...)
        return out
    }

    /// Strict base64url (RFC 7515 §2): no padding or white space, unused low bits zero, so each byte string
    /// has exactly one encoding; nil for anything else.
    package static func decodeURL(_ input: ArraySlice<UInt8>) -> [UInt8]? {
        let tail = input.count & 3
        guard tail != 1 else { return nil }
        let quads = urlQuads
        var out: [UInt8]
        let read: Int
        let written: Int
        (out, read, written) = Base64Quads.decoded(
            input, quads: quads, notALetter: notALetter, count: input.count / 4 * 3 + max(tail - 1, 0))
        guard read == input.count - tail else { return nil }
        guard tail > 0 else { return out }
        // The unused low bits of the last character must be zero, or two encodings would decode alike.
        let index = input.startIndex + read
        let third = tail == 3 ? quads[512 &+ Int(input[index + 2])] : 0
        let quad = quads[Int(input[index])] | quads[256 &+ Int(input[index + 1])] | third
        let unused: UInt32 = tail == 3 ? 0x00FF : 0xFFFF
        guard quad & (notALetter | unused) == 0 else { return nil }
        out[written] = UInt8(truncatingIfNeeded: quad &>> 16)
        if tail == 3 {
            out[written + 1] = UInt8(truncatingIfNeeded: quad &>> 8)
        }
        return out
    }

    /// Encodes base64url without padding (for JWS made here and by tests).
    package static func encodeURL(_ bytes: some Collection<UInt8>) -> String {
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                out.append(urlAlphabet[Int(buffer >> UInt32(bits) & 0x3F)])
            }
            buffer &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 {
            out.append(urlAlphabet[Int(buffer << UInt32(6 - bits) & 0x3F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The white space standard base64 skips (and input is trimmed of).
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static let urlAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let standardQuads = quads(Array(urlAlphabet.dropLast(2)) + Array("+/".utf8))
    private static let urlQuads = quads(urlAlphabet)

    /// Set in a quads table for a byte that is not a letter; above the 24 bits of a quad.
    private static let notALetter: UInt32 = 0x8000_0000

    /// Each letter's value shifted to its place in the quad, a table of 256 per position, so a quad is four
    /// lookups ORed; a non-letter has `notALetter` set, found by one test per quad.
    private static func quads(_ alphabet: [UInt8]) -> [UInt32] {
        var table = [UInt32](repeating: notALetter, count: 4 * 256)
        for (value, letter) in alphabet.enumerated() {
            for position in 0..<4 {
                table[position * 256 + Int(letter)] = UInt32(value) << (6 * (3 - position))
            }
        }
        return table
    }
}
