import Foundation
import Testing

/// ReceiptKit's top-level folders are layers: a file names types declared in its own folder or in folders
/// below it, never above, so no two folders depend on each other, directly or around a longer cycle.
/// A type belongs to the folder whose file declares it unindented; a folder depends on another when one of
/// its files names such a type outside comments and string literals.
@Suite struct FolderLayeringTests {
    /// One Swift file: the top-level folder it sits in and its code, comments and string literals removed.
    struct Source {
        let folder: String
        let code: [Substring]
    }

    static let declarations: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "actor"]
    static let modifiers: Set<Substring> = [
        "public", "package", "internal", "fileprivate", "private", "final", "indirect",
    ]

    /// The lines of `text` without `//` comments and string literals (`"""` ones across lines).
    static func code(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var inMultiline = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var kept = ""
            var index = line.startIndex
            while index < line.endIndex {
                let rest = line[index...]
                if inMultiline {
                    guard let close = rest.range(of: "\"\"\"") else { break }
                    inMultiline = false
                    index = close.upperBound
                } else if rest.hasPrefix("//") {
                    break
                } else if rest.hasPrefix("\"\"\"") {
                    inMultiline = true
                    index = line.index(index, offsetBy: 3)
                } else if line[index] == "\"" {
                    index = line.index(after: index)
                    while index < line.endIndex, line[index] != "\"" {
                        if line[index] == "\\" { index = line.index(after: index) }
                        if index < line.endIndex { index = line.index(after: index) }
                    }
                    if index < line.endIndex { index = line.index(after: index) }
                    kept += "\"\""
                } else {
                    kept.append(line[index])
                    index = line.index(after: index)
                }
            }
            lines.append(Substring(kept))
        }
        return lines
    }

    /// The type an unindented line declares (`public struct Name`, `enum Name: ...`), if any.
    static func declared(_ line: Substring) -> Substring? {
        guard let first = line.first, !first.isWhitespace else { return nil }
        var words = line.split(whereSeparator: \.isWhitespace)[...]
        while let word = words.first, modifiers.contains(word) { words = words.dropFirst() }
        guard let keyword = words.first, declarations.contains(keyword), words.count > 1 else { return nil }
        let name = words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.first?.isUppercase == true ? name : nil
    }

    /// The capitalised identifiers a line names.
    static func names(_ line: Substring) -> [Substring] {
        line.split { !($0.isLetter || $0.isNumber || $0 == "_") }.filter { $0.first?.isUppercase == true }
    }

    /// Folder to folder it depends on, with the types that make each dependency.
    static func dependencies(_ sources: [Source]) -> [String: [String: Set<Substring>]] {
        var owner: [Substring: String] = [:]
        for source in sources {
            for line in source.code {
                if let name = declared(line), owner[name] == nil { owner[name] = source.folder }
            }
        }
        var dependencies: [String: [String: Set<Substring>]] = [:]
        for source in sources {
            for line in source.code {
                for name in names(line) {
                    guard let folder = owner[name], folder != source.folder else { continue }
                    dependencies[source.folder, default: [:]][folder, default: []].insert(name)
                }
            }
        }
        return dependencies
    }

    /// Every cycle of folders, each as the folders along it (the first repeated at the end), found by a
    /// depth-first walk; a mutual dependency is a cycle of two.
    static func cycles(_ dependencies: [String: [String: Set<Substring>]]) -> [[String]] {
        var cycles: [[String]] = []
        var done: Set<String> = []
        func walk(_ folder: String, _ path: [String]) {
            if let start = path.firstIndex(of: folder) {
                cycles.append(Array(path[start...]) + [folder])
                return
            }
            guard !done.contains(folder) else { return }
            for next in (dependencies[folder] ?? [:]).keys.sorted() { walk(next, path + [folder]) }
            done.insert(folder)
        }
        for folder in dependencies.keys.sorted() { walk(folder, []) }
        return cycles
    }

    /// ReceiptKit's Swift files, each with its top-level folder.
    static func receiptKit() throws -> [Source] {
        let root = CLI.packageRoot.appendingPathComponent("Sources/ReceiptKit")
        let paths = try #require(FileManager.default.subpaths(atPath: root.path))
        return try paths.filter { $0.hasSuffix(".swift") && $0.contains("/") }.sorted().map { path in
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            return Source(folder: String(path.prefix { $0 != "/" }), code: code(text))
        }
    }

    @Test func noFolderOfReceiptKitDependsOnItselfThroughAnother() throws {
        let sources = try Self.receiptKit()
        #expect(Set(sources.map(\.folder)).count >= 10)
        let dependencies = Self.dependencies(sources)
        #expect(dependencies["Envelope"]?["Trust"] != nil, "the walk finds no dependency it should")
        for cycle in Self.cycles(dependencies) {
            let steps = zip(cycle, cycle.dropFirst()).map { from, to in
                "\(from) -> \(to) (\(dependencies[from]?[to]?.sorted().joined(separator: ", ") ?? ""))"
            }
            Issue.record("folders depend on each other: \(steps.joined(separator: "; "))")
        }
    }

    @Test func aTypeNamedBackFromBelowIsACycle() {
        let sources = [
            Source(folder: "Low", code: Self.code("struct Low {\n    let high: High? // Mid\n}")),
            Source(folder: "Mid", code: Self.code("public final class Mid {\n    let low = Low()\n}")),
            Source(folder: "High", code: Self.code("enum High {\n    case mid(Mid)\n    static let text = \"Low\"\n}")),
        ]
        let dependencies = Self.dependencies(sources)
        #expect(dependencies["Low"] == ["High": ["High"]])
        #expect(dependencies["High"] == ["Mid": ["Mid"]])
        #expect(Self.cycles(dependencies) == [["High", "Mid", "Low", "High"]])
    }
}
