/// Builds HTML into one string: the report's own markup as given, every value through `HTMLText`.
struct HTMLWriter {
    var out = ""

    /// Markup the report writes itself; never a value from an input.
    mutating func raw(_ markup: String) {
        out += markup
    }

    /// A value, escaped for element text or a quoted attribute.
    mutating func text(_ value: String) {
        HTMLText.append(value, to: &out)
    }

    /// `<tag class="...">value</tag>`.
    mutating func element(_ tag: String, class name: String? = nil, _ value: String) {
        out += "<" + tag
        if let name { out += " class=\"" + name + "\"" }
        out += ">"
        HTMLText.append(value, to: &out)
        out += "</" + tag + ">"
    }

    /// A table with a caption, column headings (each with the JSON key its cells show, when they show
    /// one, as `data-key`) and rows of cells; a nil cell is empty.
    mutating func table(
        class name: String, caption: String, columns: [(heading: String, key: String?)], rows: [[String?]]
    ) {
        out += "<table class=\"" + name + "\"><caption>"
        HTMLText.append(caption, to: &out)
        out += "</caption>\n<thead><tr>"
        for column in columns {
            out += "<th scope=\"col\""
            if let key = column.key {
                out += " data-key=\""
                HTMLText.append(key, to: &out)
                out += "\""
            }
            out += ">"
            HTMLText.append(column.heading, to: &out)
            out += "</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in rows {
            out += "<tr>"
            for cell in row {
                out += "<td>"
                if let cell { HTMLText.append(cell, to: &out) }
                out += "</td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody></table>\n"
    }

    /// Label and value rows (nil or empty values left out), as a definition list.
    mutating func fields(_ rows: [(label: String, value: String?)]) {
        out += "<dl class=\"fields\">\n"
        for row in rows {
            guard let value = row.value, !value.isEmpty else { continue }
            out += "<dt>"
            HTMLText.append(row.label, to: &out)
            out += "</dt><dd>"
            HTMLText.append(value, to: &out)
            out += "</dd>\n"
        }
        out += "</dl>\n"
    }
}
