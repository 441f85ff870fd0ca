/// One piece of a help topic, printed by `help TOPIC` and the man page alike, so the two cannot differ.
enum HelpBlock: Sendable {
    /// Prose: each line one paragraph (a blank line is kept as a gap).
    case prose(String)
    /// Lines printed as they are, indented: a grammar, a rules file.
    case verbatim(String)
    /// A term and what it means: a field, an exit status.
    case term(String, String)

    /// The block as plain text for a terminal, wrapped at `width` columns.
    func text(width: Int = 80) -> [String] {
        switch self {
        case .prose(let text):
            return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                line.isEmpty ? [""] : Self.wrap(String(line), width: width)
            }
        case .verbatim(let text):
            return text.split(separator: "\n").map { "    " + $0 }
        case .term(let term, let meaning):
            let lines = Self.wrap(meaning, width: width - Self.termIndent).map { Self.indent + $0 }
            // As man(7) sets a tagged paragraph: a short tag shares the first line.
            guard term.count + 4 <= Self.termIndent, let first = lines.first else {
                return ["  " + term] + lines
            }
            let tag = "  " + term + String(repeating: " ", count: Self.termIndent - 2 - term.count)
            return [tag + first.dropFirst(Self.termIndent)] + lines.dropFirst()
        }
    }

    var roff: [String] {
        switch self {
        case .prose(let text): return Roff.paragraphs(text)
        case .verbatim(let text):
            return [".PP", ".RS 4", ".nf"] + text.split(separator: "\n").map { Roff.escape(String($0)) } + [
                ".fi", ".RE",
            ]
        case .term(let term, let meaning): return [".TP", Roff.bold(term), Roff.escape(meaning)]
        }
    }

    private static let termIndent = 8
    private static let indent = String(repeating: " ", count: termIndent)

    /// Words joined into lines of at most `width` characters (a longer word gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty {
            lines.append(current)
        }
        return lines
    }
}
