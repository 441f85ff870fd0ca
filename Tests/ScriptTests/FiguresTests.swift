import Foundation
import Testing

/// The counts the Markdown files state are the tree's (Scripts/figures.sh check): a new test, mutation block,
/// public type or fuzz target makes a stale figure fail here until `make figures` rewrites it.
@Suite struct FiguresTests {
    @Test func everyMarkedFigureIsTheTreesCount() throws {
        let result = try Project.bash(["Scripts/figures.sh", "check"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    /// The check itself fails on a planted stale figure and on a count stated without its mark.
    @Test(arguments: ["3<!-- figure: mutations --> blocks", "stated as 12 tests"])
    func aStaleOrUnmarkedFigureFails(text: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("planted-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        try "A figure: \(text).\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try Project.bash(["Scripts/figures.sh", "check", file.path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("figures: \(file.path): "), "\(result.stdout)")
    }
}
