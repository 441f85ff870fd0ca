import Foundation
import TestSupport
import Testing

/// Every ```console example of the README and the guides under docs/ runs (``DocShell``, ``DocTranscript``):
/// the README's blocks in order as one session, each guide's block on its own, and each prints exactly
/// what the page shows. `RECEIPT_CHECK_DOC_BIN=DIR` runs DIR's receipt-check (an installed one) instead
/// of the built one; `RECEIPT_CHECK_DOC_FAKETIME=+3650d` runs every step with the clock moved so.
@Suite(.timeLimit(.minutes(10))) struct DocExampleTests {
    static let examples = (try? DocExample.all(in: CLI.packageRoot)) ?? []
    static let transcripts = DocTranscript.group(examples)

    @Test(arguments: transcripts) func exampleRunsAndPrintsWhatThePageShows(_ transcript: DocTranscript) throws {
        let environment = ProcessInfo.processInfo.environment
        // make gate-check's planted fault: a step that prints nothing, last in the README's transcript.
        let planted = transcript.testDescription == "README.md" ? environment["RECEIPT_CHECK_PLANT_DOC_STEP"] : nil
        try transcript.appending(planted).run(clockOffset: environment[DocShell.clockVariable])
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

    /// The README's blocks run as one session, in order: the second reads the file the first wrote. A guide's
    /// blocks each start afresh.
    @Test func theReadmeIsOneTranscript() throws {
        let page = "```console\n$ echo kept > note.txt\n```\ntext\n```console\n$ cat note.txt\nkept\n```\n"
        let readme = DocTranscript.group(DocExample.parse(page, file: "README.md"))
        #expect(readme.map(\.examples.count) == [2])
        #expect(DocTranscript.group(DocExample.parse(page, file: "docs/guide.md")).map(\.examples.count) == [1, 1])
        try #require(readme.first).run(clockOffset: nil)
    }

    /// A command that fails inside a pipe fails its step, as it would alone: under `/bin/sh`, the status of
    /// `receipt-check ... 2>/dev/null | tr` was `tr`'s, and a usage error (or a sanitizer's exit) passed.
    @Test func aCommandFailingInsideAPipeFailsItsStep() throws {
        let page =
            "```console\n$ receipt-check verify --no-such-option Fixtures/valid.receipt 2>/dev/null | tr -d x\n```\n"
        let transcript = try #require(DocTranscript.group(DocExample.parse(page, file: "docs/guide.md")).first)
        try withKnownIssue {
            try transcript.run(clockOffset: nil)
        } matching: { issue in
            "\(issue)".contains("exited 64")
        }
        let shell = try DocShell(clockOffset: nil)
        #expect(try shell.run("true | false | cat").status == 1)
        #expect(try shell.run("false | true").status == 1)
        #expect(try shell.run("true | cat").status == 0)
    }

    /// A step may throw standard error away only where its status still reaches the test.
    @Test func stepsThatDiscardStandardErrorKeepTheirStatus() {
        let kept = [
            "a 2>/dev/null", "a 2>/dev/null | tr -d x", "a >/dev/null 2>&1; echo \"exit $?\"",
            "a 2> /dev/null || echo \"exit $?\"", "a > /dev/null && echo ok", "a > out.txt 2>&1; echo \"exit $?\"",
            "a 2>&1 | grep -v x",
        ]
        let lost = [
            "a 2>/dev/null || true", "a 2>/dev/null; echo done", "a &>/dev/null | b && c", "a 2>&-; b",
            "a >/dev/null 2>&1 | b; c",
        ]
        for command in kept {
            #expect(!DocExample.Step(command: command, output: []).losesErrorsAndStatus, "\(command)")
        }
        for command in lost {
            #expect(DocExample.Step(command: command, output: []).losesErrorsAndStatus, "\(command)")
        }
    }

    /// RECEIPT_CHECK_DOC_BIN must name a directory holding receipt-check: a typo fails, rather than testing
    /// the built binary (or another on PATH) in the installed one's place.
    @Test func aDocBinaryDirectoryWithoutReceiptCheckFails() throws {
        let built = CLI.executable.deletingLastPathComponent().path
        #expect(try DocShell.binaryDirectory(in: [:]) == built)
        #expect(try DocShell.binaryDirectory(in: [DocShell.binaryVariable: built]) == built)
        let empty = try ScratchDirectory()
        for directory in [empty.path, empty.path + "/missing", ""] {
            #expect(throws: DocShell.SetupError.self, "\(directory)") {
                try DocShell.binaryDirectory(in: [DocShell.binaryVariable: directory])
            }
        }
    }

    /// Moving the clock without faketime fails, never runs on today's clock.
    @Test func aMissingFaketimeFails() throws {
        let withoutFaketime = ["PATH": "/nonexistent:/also-missing"]
        #expect(throws: DocShell.SetupError.self) { try DocShell.faketime(in: withoutFaketime) }
        #expect(throws: DocShell.SetupError.self) {
            try DocShell(clockOffset: "+3650d", environment: withoutFaketime)
        }
        #expect(try DocShell(clockOffset: nil, environment: withoutFaketime).launcher.isEmpty)
    }

    /// A sanitizer's report in what a step prints fails it, whatever the page shows and the step's status.
    @Test func aSanitizerReportInAStepFailsIt() throws {
        let shell = try DocShell(clockOffset: nil)
        try withKnownIssue {
            _ = try shell.run("echo '==1==ERROR: AddressSanitizer: heap-use-after-free' >&2")
        } matching: { issue in
            "\(issue)".contains("wrote a sanitizer report")
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
