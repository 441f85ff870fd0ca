/// Escaping for man(7) source.
enum Roff {
    /// Text safe in a roff line: dashes as `\-` (ASCII, never broken) and a leading `.` or `'` not a request.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            default: escaped.append(character)
            }
        }
        if let first = escaped.first, first == "." || first == "'" {
            escaped = "\\&" + escaped
        }
        return escaped
    }

    static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }

    static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

    /// Paragraphs of prose: blank lines become `.PP`, each line escaped.
    static func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? ".PP" : escape(String(line))
        }
    }
}
