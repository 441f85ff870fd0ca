/// Input text made inert in HTML and inline SVG: `&<>"'` become references, and what a person could misread
/// (control characters, bidi overrides, line separators) appears as Swift escapes, as `TerminalText` shows it.
enum HTMLText {
    /// `text` ready for element text or a quoted attribute value.
    static func escaped(_ text: String) -> String {
        var out: [UInt8] = []
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` escaped: most values need nothing and are copied whole after one pass; the others are
    /// replaced byte by byte (ASCII) or in runs of scalars.
    static func append(_ text: String, to out: inout [UInt8]) {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: needsWork) else {
            out.append(contentsOf: bytes)
            return
        }
        if !bytes[first...].contains(where: { $0 >= 0x80 }) {
            var run = bytes.startIndex
            var index = first
            while index < bytes.endIndex {
                let byte = bytes[index]
                let next = bytes.index(after: index)
                if needsWork(byte) {
                    out.append(contentsOf: bytes[run..<index])
                    if let replacement = replacement(for: Unicode.Scalar(byte)) {
                        out.append(contentsOf: replacement.utf8)
                    } else {
                        out.append(byte)
                    }
                    run = next
                }
                index = next
            }
            out.append(contentsOf: bytes[run...])
            return
        }
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

    /// A byte that is markup, a C0 control or DEL, or starts a non-ASCII character (the scalar pass decides).
    private static func needsWork(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case 0x00...0x1F, 0x7F...0xFF: true
        default: false
        }
    }
}
