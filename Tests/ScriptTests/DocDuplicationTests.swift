import Foundation
import Testing

/// The README, the guides and CONTRIBUTING.md say each thing once: no section title appears twice, and
/// no table row is copied from one page to another (the reference tables live in the man page alone).
@Suite(.timeLimit(.minutes(10))) struct DocDuplicationTests {
    /// The section headings (below the page's title) and table rows of a page, outside fenced blocks.
    static func outline(_ text: String) -> (headings: [String], rows: [String]) {
        var headings: [String] = []
        var rows: [String] = []
        var fenced = false
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("```") {
                fenced.toggle()
            } else if !fenced, line.hasPrefix("## ") || line.hasPrefix("### ") {
                headings.append(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased())
            } else if !fenced, line.hasPrefix("| "), !line.hasPrefix("|---") {
                rows.append(line)
            }
        }
        return (headings, rows)
    }

    @Test func noSectionOrTableRowAppearsTwice() throws {
        var headings: [String: String] = [:]
        var rows: [String: String] = [:]
        for page in try Project.pages() {
            let outline = Self.outline(try Project.file(page))
            for heading in outline.headings {
                #expect(
                    headings[heading] == nil, "\"\(heading)\" is a section of \(page) and \(headings[heading] ?? "")")
                headings[heading] = page
            }
            for row in Set(outline.rows) {
                #expect(rows[row] == nil, "\(page) repeats a table row of \(rows[row] ?? ""): \(row)")
                rows[row] = page
            }
        }
    }

    @Test func readmeStaysShort() throws {
        let lines = try Project.file("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 250, "README.md has \(lines.count) lines")
    }
}
