import Foundation
import Testing

/// `Scripts/mutations.txt` follows the code: every block's file exists, its `- ` line occurs in it
/// exactly once and a `+ ` line replaces it, as `make mutation` requires, so a moved file or an edited line is caught here in a
/// second rather than by a mutation run.
@Suite struct MutationListTests {
    @Test func everyBlockNamesAFileAndALineThatOccursOnce() throws {
        let list = try Project.file("Scripts/mutations.txt")
        var name = ""
        var file = ""
        var blocks = 0
        var replacements = 0
        for line in list.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                #expect(blocks == replacements, "'\(name)' has no + line")
                name = String(line.dropFirst(3))
            } else if line.hasPrefix("+ ") {
                replacements += 1
            } else if line.hasPrefix("file: ") {
                file = String(line.dropFirst(6))
            } else if line.hasPrefix("- ") {
                blocks += 1
                guard let source = try? Project.file(file) else {
                    Issue.record("'\(name)': \(file) cannot be read")
                    continue
                }
                let count = source.components(separatedBy: String(line.dropFirst(2))).count - 1
                #expect(count == 1, "'\(name)': the line occurs \(count) times in \(file)")
            }
        }
        #expect(blocks == replacements, "'\(name)' has no + line")
        #expect(blocks > 0)
    }
}
