/// Writes a JSON string as `JSONEncoder` escapes it: quote, backslash, `\b \f \n \r \t`, other controls
/// as `\u00xx`; slashes and everything from U+007F up as they are. One escaper for every writer the
/// package has (the report writer, the verifyReceipt body), so they cannot drift apart.
package enum JSONString {
    package static func append(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        // Almost every string needs no escaping: copy it whole instead of byte by byte.
        let copied: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if copied != true {
            for byte in text.utf8 {
                escape(byte, to: &out)
            }
        }
        out.append(0x22)
    }

    private static func escape(_ byte: UInt8, to out: inout [UInt8]) {
        let backslash: UInt8 = 0x5C
        switch byte {
        case 0x22, 0x5C: out += [backslash, byte]
        case 0x08: out += [backslash, UInt8(ascii: "b")]
        case 0x0C: out += [backslash, UInt8(ascii: "f")]
        case 0x0A: out += [backslash, UInt8(ascii: "n")]
        case 0x0D: out += [backslash, UInt8(ascii: "r")]
        case 0x09: out += [backslash, UInt8(ascii: "t")]
        case 0x00..<0x20:
            out += [backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
            out.append(hexDigit(byte >> 4))
            out.append(hexDigit(byte & 0x0F))
        default:
            out.append(byte)
        }
    }

    /// A lowercase hex digit for a nibble: arithmetic, as a table in a global costs a lazy-init check per byte.
    package static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
    }
}
