/// Writes a JSON string as `JSONEncoder` escapes it, and DEL, U+0085, U+2028 and U+2029 as `\uXXXX`,
/// since line-oriented readers cut an NDJSON line at them. The one escaper, so writers cannot drift apart.
package enum JSONString {
    package static func append(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        // Almost every string needs no escaping: checked where it lies and copied whole.
        if !ByteWords.appendIfPlain(text, to: &out, escapes: mayNeedEscaping) {
            write(Array(text.utf8)[...], escapingControls: true, to: &out)
        }
        out.append(0x22)
    }

    /// Whether `byte` needs escaping or may start a line break (lead byte 0xC2 or 0xE2, `| 0x20 == 0xE2`).
    private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte | 0x20 == 0xE2
    }

    /// `JSONEncoder`'s output with those line breaks escaped; its structure is ASCII, so they are in strings.
    package static func escapingLineBreaks(_ encoded: [UInt8]) -> [UInt8] {
        guard encoded.contains(where: { $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return encoded }
        var out: [UInt8] = []
        out.reserveCapacity(encoded.count + 16)
        write(encoded[...], escapingControls: false, to: &out)
        return out
    }

    /// `bytes` with the line breaks escaped, the rest as `escape` writes them or, if `escaped`, as they are.
    private static func write(_ bytes: ArraySlice<UInt8>, escapingControls: Bool, to out: inout [UInt8]) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if let found = lineBreak(in: bytes, at: index) {
                appendUnicodeEscape(found.scalar, to: &out)
                index += found.length
            } else {
                if escapingControls { escape(bytes[index], to: &out) } else { out.append(bytes[index]) }
                index += 1
            }
        }
    }

    /// DEL, U+0085, U+2028 or U+2029 if its UTF-8 starts at `index`, and that encoding's length.
    private static func lineBreak(in bytes: ArraySlice<UInt8>, at index: Int) -> (scalar: UInt16, length: Int)? {
        switch bytes[index] {
        case 0x7F:
            return (0x7F, 1)
        case 0xC2:
            return index + 1 < bytes.endIndex && bytes[index + 1] == 0x85 ? (0x85, 2) : nil
        case 0xE2:
            guard index + 2 < bytes.endIndex, bytes[index + 1] == 0x80 else { return nil }
            switch bytes[index + 2] {
            case 0xA8: return (0x2028, 3)
            case 0xA9: return (0x2029, 3)
            default: return nil
            }
        default:
            return nil
        }
    }

    private static func appendUnicodeEscape(_ scalar: UInt16, to out: inout [UInt8]) {
        out += [0x5C, UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(ByteAppend.hexDigit(UInt8(truncatingIfNeeded: scalar >> UInt16(shift)) & 0x0F))
        }
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
        case 0x00..<0x20: appendUnicodeEscape(UInt16(byte), to: &out)
        default: out.append(byte)
        }
    }
}
