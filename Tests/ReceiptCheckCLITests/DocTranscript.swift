import Foundation
import Testing

/// Examples that run in order in one shell: every block of the README, as one first session (a later block
/// may read a file an earlier one made, so the page cannot drift into steps that only work alone), or one
/// block of a guide.
struct DocTranscript: Sendable, CustomTestStringConvertible {
    let examples: [DocExample]

    /// Pages read as one transcript; every other page's blocks run each in a fresh directory.
    static let transcriptPages: Set = ["README.md"]

    var testDescription: String {
        guard let first = examples.first else { return "(no examples)" }
        return Self.transcriptPages.contains(first.file) ? first.file : first.testDescription
    }

    /// The transcript with `command` (if any) run last, expected to print nothing.
    func appending(_ command: String?) -> DocTranscript {
        guard let command, let last = examples.last else { return self }
        let step = DocExample(file: last.file, line: last.line, steps: [DocExample.Step(command: command, output: [])])
        return DocTranscript(examples: examples + [step])
    }

    static func all(in root: URL) throws -> [DocTranscript] {
        group(try DocExample.all(in: root))
    }

    /// `examples` in page order, a transcript page's joined into one.
    static func group(_ examples: [DocExample]) -> [DocTranscript] {
        var transcripts: [DocTranscript] = []
        for example in examples {
            if transcriptPages.contains(example.file), let last = transcripts.last,
                last.examples.first?.file == example.file
            {
                transcripts[transcripts.count - 1] = DocTranscript(examples: last.examples + [example])
            } else {
                transcripts.append(DocTranscript(examples: [example]))
            }
        }
        return transcripts
    }

    /// Runs every step in one ``DocShell`` (its clock moved by `clockOffset`, see there) and records each
    /// step that prints other than the page shows, exits non-zero, or hides errors and status.
    func run(clockOffset: String?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shell = try DocShell(clockOffset: clockOffset)
        let clock = clockOffset.map { " (clock \($0))" } ?? ""
        for example in examples {
            #expect(
                !example.steps.isEmpty && example.stray.isEmpty,
                "\(example.testDescription): a console block starts with a $ command",
                sourceLocation: sourceLocation)
            for step in example.steps {
                let context = "\(example.testDescription)\(clock): $ \(step.command)"
                #expect(
                    !step.losesErrorsAndStatus,
                    "\(context): standard error is thrown away and the status with it; end with the pipe, or show `; echo \"exit $?\"`",
                    sourceLocation: sourceLocation)
                let result = try shell.run(step.command)
                let shown = step.output.isEmpty ? "" : step.output.joined(separator: "\n") + "\n"
                #expect(result.printed == shown, "\(context)", sourceLocation: sourceLocation)
                #expect(result.status == 0, "\(context) exited \(result.status)", sourceLocation: sourceLocation)
            }
        }
    }
}
