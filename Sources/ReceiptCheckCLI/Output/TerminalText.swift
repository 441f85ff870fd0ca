/// Input text made safe for a terminal: until its signature checks out it is the sender's, and an ESC sequence,
/// newline or bidi override in it could forge the report, so those print as Swift escapes (`\u{1B}`).
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

    /// Escapes what is left of input in rendered report text, keeping only the renderer's own line breaks.
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
