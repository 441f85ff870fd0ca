/// Strict base64url (RFC 7515 §2): the URL alphabet, no padding, no white space, and the
/// unused low bits of the last character zero, so each byte string has exactly one encoding.
package enum Base64URL {
    /// The decoded bytes, or nil for anything that is not canonical base64url.
    ///
    /// Four characters at a time through a table, over the buffers themselves: the x5c chain makes the
    /// header a few KB, and a character at a time with an optional per character cost a tenth of a line.
    package static func decode(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        let count = text.count
        let tail = count % 4
        guard tail != 1 else { return nil }
        let decodedCount = count / 4 * 3 + (tail == 0 ? 0 : tail - 1)
        // Every table value of a character outside the alphabet has a bit above the six a character
        // carries; the loop ORs them all together and looks once, at the end.
        var invalid: UInt8 = 0
        let bytes = text.withUnsafeBufferPointer { input in
            table.withUnsafeBufferPointer { table in
                [UInt8](unsafeUninitializedCapacity: decodedCount) { out, initialized in
                    var index = 0
                    var written = 0
                    while index + 4 <= count {
                        let a = table[Int(input[index])]
                        let b = table[Int(input[index + 1])]
                        let c = table[Int(input[index + 2])]
                        let d = table[Int(input[index + 3])]
                        invalid |= a | b | c | d
                        let quad = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                        out[written] = UInt8(truncatingIfNeeded: quad >> 16)
                        out[written + 1] = UInt8(truncatingIfNeeded: quad >> 8)
                        out[written + 2] = UInt8(truncatingIfNeeded: quad)
                        index += 4
                        written += 3
                    }
                    // Two or three characters left: one or two bytes, and the last character's unused low
                    // bits must be zero, or two encodings would decode alike.
                    if tail >= 2 {
                        let a = table[Int(input[index])]
                        let b = table[Int(input[index + 1])]
                        invalid |= a | b
                        out[written] = a << 2 | b >> 4
                        written += 1
                        if tail == 3 {
                            let c = table[Int(input[index + 2])]
                            invalid |= c | (c & 0x03 == 0 ? 0 : Self.notInAlphabet)
                            out[written] = b << 4 | c >> 2
                            written += 1
                        } else {
                            invalid |= b & 0x0F == 0 ? 0 : Self.notInAlphabet
                        }
                    }
                    initialized = written
                }
            }
        }
        return invalid & Self.notInAlphabet == 0 ? bytes : nil
    }

    /// The bits no character's value has (values are 0 to 63).
    private static let notInAlphabet: UInt8 = 0xC0

    /// Each byte's value as a base64url character, `0xFF` for a byte outside the alphabet.
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()

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
