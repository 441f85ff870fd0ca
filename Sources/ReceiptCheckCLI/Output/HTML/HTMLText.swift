/// Text from an input made inert in an HTML page: as element text, as a double-quoted attribute value,
/// and as the text or attribute of inline SVG, which the HTML parser reads by the same rules.
///
/// `&`, `<`, `>`, `"` and `'` become character references, so no value can end its element or attribute,
/// open a tag or name an entity. What a person could misread is shown as the text report shows it
/// (`TerminalText`): control characters (a NUL the parser would turn into U+FFFD or drop), bidi
/// overrides and isolates that would reorder the page, and the line and paragraph separators appear
/// as Swift escapes, `\u{202E}`. No value is ever written into a URL, a style or a script.
enum HTMLText {
    /// `text` ready for element text or a quoted attribute value.
    static func escaped(_ text: String) -> String {
        var out: [UInt8] = []
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` escaped: most values need nothing, found by one pass over their bytes and copied
    /// whole; plain ASCII with markup in it is replaced byte by byte; the rest by its scalars, in runs
    /// between the characters replaced.
    static func append(_ text: String, to out: inout [UInt8]) {
        let done = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.firstIndex(where: needsWork) else {
                out.append(contentsOf: bytes)
                return true
            }
            guard !bytes[first...].contains(where: { $0 >= 0x80 }) else { return false }
            var run = 0
            for index in first..<bytes.count where needsWork(bytes[index]) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                if let replacement = replacement(for: Unicode.Scalar(bytes[index])) {
                    out.append(contentsOf: replacement.utf8)
                } else {
                    out.append(bytes[index])
                }
                run = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
            return true
        }
        guard done != true else { return }
        var run = text.startIndex
        var index = text.unicodeScalars.startIndex
        while index < text.unicodeScalars.endIndex {
            let next = text.unicodeScalars.index(after: index)
            if let replacement = replacement(for: text.unicodeScalars[index]) {
                out.append(contentsOf: text.utf8[run..<index])
                out.append(contentsOf: replacement.utf8)
                run = next
            }
            index = next
        }
        out.append(contentsOf: text.utf8[run...])
    }

    /// What stands for `scalar` in the page, or nil where it is shown as it is.
    private static func replacement(for scalar: Unicode.Scalar) -> String? {
        let replacement: String?
        switch scalar {
        case "&": replacement = "&amp;"
        case "<": replacement = "&lt;"
        case ">": replacement = "&gt;"
        case "\"": replacement = "&quot;"
        case "'": replacement = "&#39;"
        default:
            replacement =
                TerminalText.needsEscape(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : nil
        }
        return replacement
    }

    /// A byte that is markup, a C0 control or DEL, or starts a character beyond ASCII (which may be a
    /// C1 control, a bidi control or a separator: the scalar pass decides).
    private static func needsWork(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case 0x00...0x1F, 0x7F...0xFF: true
        default: false
        }
    }
}
