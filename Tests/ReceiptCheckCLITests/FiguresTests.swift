import Foundation
import Testing

/// The counts the Markdown files state are the tree's (Scripts/figures.sh check): a new test, mutation block,
/// public type or fuzz target makes a stale figure fail here until `make figures` rewrites it.
@Suite struct FiguresTests {
    @Test func everyMarkedFigureIsTheTreesCount() throws {
        guard let bash = ExternalTool.path("bash", package: "bash") else { return }
        let result = try ExternalTool.run(bash, ["Scripts/figures.sh", "check"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    /// The check itself fails on a planted stale figure and on a count stated without its mark.
    @Test(arguments: ["3<!-- figure: mutations --> blocks", "stated as 12 tests"])
    func aStaleOrUnmarkedFigureFails(text: String) throws {
        guard let bash = ExternalTool.path("bash", package: "bash") else { return }
        let scratch = try ScratchDirectory()
        let file = try scratch.write("planted.md", Array("A figure: \(text).\n".utf8))
        let result = try ExternalTool.run(bash, ["Scripts/figures.sh", "check", file])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("figures: \(file): "), "\(result.stdout)")
    }
}
