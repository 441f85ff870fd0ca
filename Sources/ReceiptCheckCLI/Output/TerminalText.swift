/// Text from an input made safe to print on a terminal.
///
/// Until its signature checks out, every string of a receipt or JWS is the sender's: an ESC
/// sequence in a product id could repaint `INVALID` as `VALID`, move the cursor, or set the
/// window title; a newline could forge a whole report line; a bidi override reorders what a
/// person reads. So every control character (C0 including tab and newline, DEL, C1), the bidi
/// embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the line and
/// paragraph separators (U+2028, U+2029) are printed as Swift escapes, `\u{1B}`. Other text,
/// backslashes included, is printed as is. JSON output is escaped by its encoder instead.
enum TerminalText {
    /// `text` with every character that could change how a terminal shows the line escaped.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Rendered report text: input-derived values are escaped where they are inserted, and this
    /// escapes any left in the whole, keeping only the renderer's own line breaks.
    static func escapedKeepingNewlines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && needsEscape($0) }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(
            separator: "\n")
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
