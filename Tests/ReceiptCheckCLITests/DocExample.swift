import Foundation
import Testing

/// One ```console block of the README or a guide: its commands, each with the output the page shows.
///
/// A line starting with `$ ` is a command (a trailing `\` or `|` continues it on the next line); the lines
/// up to the next command or the end of the block are what it prints, standard error included.
/// CONTRIBUTING.md describes the convention for writers.
struct DocExample: Sendable, CustomTestStringConvertible {
    struct Step: Sendable {
        var command: String
        var output: [String]

        /// A command that throws its standard error away (`2>/dev/null`, `>/dev/null 2>&1`, `&>/dev/null`,
        /// `2>&-`), where a sanitizer's report goes, but not its status: the step's status (a pipe's, under
        /// `pipefail`) or the `exit $?` it prints. Anything else after it (`|| true`, `; cat f`) loses both.
        var losesErrorsAndStatus: Bool {
            let discard = #/2>\s*/dev/null|&>\s*/dev/null|>\s*/dev/null\s+2>&1|2>&-/#
            guard let last = command.ranges(of: discard).last else { return false }
            let rest = command[last.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
            let shown = ["", "; echo \"exit $?\"", "|| echo \"exit $?\""]
            let piped = rest.hasPrefix("|") && !["||", "&&", ";", "&"].contains { rest.contains($0) }
            return !shown.contains(rest) && !piped
        }
    }

    let file: String
    let line: Int
    var steps: [Step]
    /// Lines before the first command: a block that is not an example should not be ```console.
    var stray: [String] = []

    var testDescription: String { "\(file):\(line)" }

    /// The pages whose examples run: the README and every guide under docs/.
    static func pages(in root: URL) throws -> [String] {
        let guides = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + guides
    }

    static func all(in root: URL) throws -> [DocExample] {
        try pages(in: root).flatMap { page in
            parse(try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8), file: page)
        }
    }

    static func parse(_ text: String, file: String) -> [DocExample] {
        var examples: [DocExample] = []
        var current: DocExample?
        var continuing = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            guard var example = current else {
                if line == "```console" {
                    current = DocExample(file: file, line: index + 1, steps: [])
                }
                continue
            }
            if line == "```" {
                examples.append(example)
                current = nil
                continuing = false
                continue
            }
            if continuing, let last = example.steps.indices.last {
                example.steps[last].command += "\n" + line
                continuing = continues(line)
            } else if line.hasPrefix("$ ") {
                example.steps.append(Step(command: String(line.dropFirst(2)), output: []))
                continuing = continues(line)
            } else if let last = example.steps.indices.last {
                example.steps[last].output.append(line)
            } else {
                example.stray.append(line)
            }
            current = example
        }
        return examples
    }

    private static func continues(_ line: String) -> Bool {
        line.hasSuffix("\\") || line.hasSuffix("|")
    }
}
