/// Strict base64url (RFC 7515 §2): the URL alphabet, no padding, no white space, and the
/// unused low bits of the last character zero, so each byte string has exactly one encoding.
package enum Base64URL {
    /// The decoded bytes, or nil for anything that is not canonical base64url.
    ///
    /// Four characters at a time through a table, into a buffer of the decoded size: the x5c chain makes the
    /// header a few KB, decoded for every line of a batch, so no per-character optional or append.
    package static func decode(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        decoded(text, table: urlTable)
    }

    /// `text` decoded through `table`, nil for a byte outside its alphabet, a length of 4n+1 or set unused bits.
    private static func decoded(_ input: ArraySlice<UInt8>, table: [UInt8]) -> [UInt8]? {
        let count = input.count
        let tail = count % 4
        guard tail != 1 else { return nil }
        let decoded = decodeQuads(input, table: table, count: count / 4 * 3 + (tail == 0 ? 0 : tail - 1))
        return decoded.invalid & notInAlphabet == 0 ? decoded.bytes : nil
    }

    /// The `count` decoded bytes, and every table value ORed together, with a bit of `notInAlphabet` set for
    /// non-zero unused bits: the loop tests nothing per character. The whole quads go through
    /// `Base64URLQuads` (the wall of the byte loops); what is left is read here.
    private static func decodeQuads(_ input: ArraySlice<UInt8>, table: [UInt8], count: Int) -> (
        bytes: [UInt8], invalid: UInt8
    ) {
        guard case var (out, invalid)? = Base64URLQuads.decoded(input, table: table, count: count) else {
            return ([], notInAlphabet)
        }
        let index = input.startIndex &+ input.count / 4 * 4
        let written = input.count / 4 * 3
        // Two or three characters left: one or two bytes, and the last character's unused low bits must be
        // zero, or two encodings would decode alike.
        let tail = input.endIndex &- index
        if tail >= 2 {
            let a = table[Int(input[index])]
            let b = table[Int(input[index &+ 1])]
            invalid |= a | b
            out[written] = a &<< 2 | b &>> 4
            if tail == 3 {
                let c = table[Int(input[index &+ 2])]
                invalid |= c | (c & 0x03 == 0 ? 0 : notInAlphabet)
                out[written &+ 1] = b &<< 4 | c &>> 2
            } else {
                invalid |= b & 0x0F == 0 ? 0 : notInAlphabet
            }
        }
        return (out, invalid)
    }

    /// The bits no character's value has (values are 0 to 63).
    private static let notInAlphabet: UInt8 = 0xC0

    /// Each byte's value as a base64url character, `0xFF` for a byte outside the alphabet.
    private static let urlTable = table(alphabet)

    private static func table(_ alphabet: [UInt8]) -> [UInt8] {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Encodes without padding (for tests that build JWS).
    package static func encode(_ bytes: some Collection<UInt8>) -> String {
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                out.append(alphabet[Int(buffer >> UInt32(bits) & 0x3F)])
            }
            buffer &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 {
            out.append(alphabet[Int(buffer << UInt32(6 - bits) & 0x3F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
