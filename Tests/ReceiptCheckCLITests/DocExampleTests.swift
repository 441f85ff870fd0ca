import Foundation
import TestSupport
import Testing

/// Every ```console example of the README and the guides under docs/ runs with the built binary,
/// from a scratch directory that holds Fixtures/ and examples/, and prints exactly what the page shows.
@Suite(.timeLimit(.minutes(10))) struct DocExampleTests {
    static let examples = (try? DocExample.all(in: CLI.packageRoot)) ?? []

    @Test(arguments: examples) func exampleRunsAndPrintsWhatThePageShows(_ example: DocExample) throws {
        #expect(!example.steps.isEmpty && example.stray.isEmpty, "a console block starts with a $ command")
        let scratch = try ScratchDirectory()
        for shared in ["Fixtures", "examples"] {
            try FileManager.default.createSymbolicLink(
                atPath: scratch.path + "/" + shared,
                withDestinationPath: CLI.packageRoot.appendingPathComponent(shared).path)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            CLI.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["LC_ALL"] = "C"
        for step in example.steps {
            let result = try ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "exec 2>&1\n" + step.command], stdin: nil,
                environment: environment, directory: URL(fileURLWithPath: scratch.path),
                timeout: ChildProcess.defaultTimeout)
            let printed = String(decoding: result.stdout, as: UTF8.self)
            let shown = step.output.isEmpty ? "" : step.output.joined(separator: "\n") + "\n"
            #expect(printed == shown, "\(example.testDescription): $ \(step.command)")
            #expect(result.status == 0, "\(example.testDescription): $ \(step.command) exited \(result.status)")
        }
    }

    /// Figures from `make bench` and installing differ from machine to machine: these pages show plain blocks.
    static let pagesWithoutExamples: Set = ["docs/install.md", "docs/performance.md"]

    /// The README shows its five jobs, and every guide at least one example, so no page is left unchecked.
    @Test func everyPageHasExamples() throws {
        let pages = try DocExample.pages(in: CLI.packageRoot)
        #expect(pages.count >= 10, "\(pages)")
        for page in pages where !Self.pagesWithoutExamples.contains(page) {
            let count = Self.examples.filter { $0.file == page }.count
            #expect(count >= (page == "README.md" ? 5 : 1), "\(page) has \(count) console examples")
        }
    }

    @Test func blocksParseIntoCommandsAndTheirOutput() {
        let page = """
            text
            ```console
            $ receipt-check a \\
                --json b
            line 1

            line 3
            $ echo done
            ```
            ```sh
            $ not an example
            ```
            """
        let examples = DocExample.parse(page, file: "page.md")
        #expect(examples.count == 1)
        #expect(examples.first?.line == 2)
        #expect(examples.first?.steps.map(\.command) == ["receipt-check a \\\n    --json b", "echo done"])
        #expect(examples.first?.steps.map(\.output) == [["line 1", "", "line 3"], []])
    }
}
