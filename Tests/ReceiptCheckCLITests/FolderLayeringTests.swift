import Foundation
import Testing

/// ReceiptKit is arranged by what it verifies: a folder per kind of signed input (its pipeline file at its root,
/// its `Envelope/`, `Model/`, `Facts/`...), over a core every kind uses, under `Verdict/`, which tells the kinds
/// apart and decides. The rooms (a core folder, a kind's root or one of its subfolders, a folder above) are
/// layers: no two depend on each other, directly or around a longer cycle. The core names a kind only by its
/// `Model/` (what is signed, decoded: a report carries it, rules read its fields), and a kind names another
/// only along an edge named below, one way. A type belongs to the room whose file declares it unindented; a
/// room depends on another when one of its files names such a type outside comments and string literals.
@Suite struct FolderLayeringTests {
    /// One Swift file: the room it sits in and its code, comments and string literals removed.
    struct Source {
        let folder: String
        let code: [Substring]
    }

    /// The kinds of signed input, one folder each.
    static let kinds: Set<String> = ["Receipt", "StoreKit", "ServerAPI", "VerifyReceipt", "Signing"]
    /// What every kind uses: codecs, the input's detection, the report and its checks, trust and certificates,
    /// the steps every envelope shares, rules and facts, errors, and the walls around C and the byte loops.
    static let core: Set<String> = [
        "Bytes", "Codecs", "Curl", "Errors", "Input", "OpenSSL", "Report", "Rules", "Steps", "Trust",
    ]
    /// Above the kinds: the validator that sends each input to its kind, the decisions and their JSON.
    static let above: Set<String> = ["Verdict", "System"]
    /// The one way each kind may name another, and why.
    static let kindEdges: [String: [String: String]] = [
        "ServerAPI": [
            "StoreKit": "the Server API's answers hold StoreKit 2 transactions",
            "Receipt": "a response's environment is a receipt's (ReceiptEnvironment)",
            "Signing": "the client's token is signed with the server's key, as any request",
        ],
        "Signing": ["StoreKit": "a realtime answer's alternate product names a StoreKit 2 billing plan"],
        "StoreKit": [
            "Receipt": "StoreKit 2 models are declared by the receipt model's fields; a transaction's facts a record"
        ],
        "VerifyReceipt": ["Receipt": "a verifyReceipt body is made from a receipt"],
    ]
    /// The rooms of a kind that may name what is above the kinds: the client answers with verdicts.
    static let namingAbove: Set<String> = ["ServerAPI/Client", "ServerAPI/History"]

    /// The room of a file at `path` (relative to the target): a kind's subfolder, else its top-level folder.
    static func room(_ path: String) -> String {
        let parts = path.split(separator: "/")
        guard let first = parts.first else { return path }
        if kinds.contains(String(first)), parts.count > 2 { return "\(first)/\(parts[1])" }
        return String(first)
    }

    /// The folder a room is in (`StoreKit/Model` is in `StoreKit`).
    static func folder(_ room: String) -> String { String(room.prefix { $0 != "/" }) }

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

    /// Room to room it depends on, with the types that make each dependency.
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

    /// Every cycle of rooms, each as the rooms along it (the first repeated at the end), found by a
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

    /// ReceiptKit's Swift files, each with its room.
    static func receiptKit() throws -> [Source] {
        let root = CLI.packageRoot.appendingPathComponent("Sources/ReceiptKit")
        let paths = try #require(FileManager.default.subpaths(atPath: root.path))
        return try paths.filter { $0.hasSuffix(".swift") && $0.contains("/") }.sorted().map { path in
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            return Source(folder: room(path), code: code(text))
        }
    }

    /// What the dependencies break of the arrangement: the core naming a kind other than by its model or naming
    /// what is above the kinds, a kind naming another off the named edges, or naming what is above the kinds
    /// from elsewhere than `namingAbove`.
    static func violations(_ dependencies: [String: [String: Set<Substring>]]) -> [String] {
        var found: [String] = []
        for (from, targets) in dependencies.sorted(by: { $0.key < $1.key }) {
            let source = folder(from)
            for (to, names) in targets.sorted(by: { $0.key < $1.key }) {
                let target = folder(to)
                let types = names.sorted().joined(separator: ", ")
                if core.contains(source), kinds.contains(target), to != "\(target)/Model" {
                    found.append("the core's \(from) names \(to), not the kind's Model/ (\(types))")
                } else if kinds.contains(source), kinds.contains(target), source != target,
                    kindEdges[source]?[target] == nil
                {
                    found.append("\(from) names the kind \(to) off the named edges (\(types))")
                } else if core.contains(source), above.contains(target) {
                    found.append("the core's \(from) names \(to), above the kinds (\(types))")
                } else if kinds.contains(source), above.contains(target), !namingAbove.contains(from) {
                    found.append("\(from) names \(to), above the kinds (\(types))")
                }
            }
        }
        return found
    }

    @Test func noRoomOfReceiptKitDependsOnItselfThroughAnother() throws {
        let sources = try Self.receiptKit()
        #expect(Set(sources.map(\.folder)).count >= 20)
        let dependencies = Self.dependencies(sources)
        #expect(dependencies["Receipt"]?["Trust"] != nil, "the walk finds no dependency it should")
        for cycle in Self.cycles(dependencies) {
            let steps = zip(cycle, cycle.dropFirst()).map { from, to in
                "\(from) -> \(to) (\(dependencies[from]?[to]?.sorted().joined(separator: ", ") ?? ""))"
            }
            Issue.record("rooms depend on each other: \(steps.joined(separator: "; "))")
        }
    }

    @Test func everyFolderIsACoreFolderAKindOrAboveThem() throws {
        let folders = Set(try Self.receiptKit().map { Self.folder($0.folder) })
        #expect(folders == Self.core.union(Self.kinds).union(Self.above))
    }

    @Test func theCoreNamesAKindByItsModelAndAKindAnotherOnlyAlongANamedEdge() throws {
        let dependencies = Self.dependencies(try Self.receiptKit())
        for violation in Self.violations(dependencies) { Issue.record("\(violation)") }
        for (source, targets) in Self.kindEdges {
            for target in targets.keys {
                let named = (dependencies.filter { Self.folder($0.key) == source }).values.contains { rooms in
                    rooms.keys.contains { Self.folder($0) == target }
                }
                #expect(named, "\(source) no longer names \(target): drop the edge")
            }
        }
    }

    @Test func everyKindUsesTheCore() throws {
        let dependencies = Self.dependencies(try Self.receiptKit())
        for kind in Self.kinds {
            let used = dependencies.filter { Self.folder($0.key) == kind }.values.flatMap(\.keys)
            #expect(used.contains { Self.core.contains($0) }, "\(kind) names nothing of the core")
        }
    }

    @Test func aKindNamingAnotherOffTheEdgesOrTheCoreNamingAKindsEnvelopeIsReported() {
        let sources = [
            Source(folder: "Report", code: Self.code("struct Report {\n    let model: JWSPayload\n}")),
            Source(folder: "Trust", code: Self.code("struct Trust {\n    let verdict: Verdict?\n}")),
            Source(folder: "Rules", code: Self.code("enum Rules {\n    case verifier(JWSVerifier)\n}")),
            Source(folder: "StoreKit/Model", code: Self.code("struct JWSPayload {}")),
            Source(folder: "StoreKit", code: Self.code("struct JWSVerifier {\n    let report: Report\n}")),
            Source(folder: "Receipt", code: Self.code("struct PKCS7Verifier {\n    let jws: JWSVerifier\n}")),
            Source(folder: "ServerAPI/Envelope", code: Self.code("struct Elements {\n    let jws: JWSVerifier\n}")),
            Source(folder: "Signing", code: Self.code("struct Signer {\n    let verdict: Verdict\n}")),
            Source(folder: "Verdict", code: Self.code("struct Verdict {\n    let receipt: PKCS7Verifier\n}")),
        ]
        #expect(
            Self.violations(Self.dependencies(sources)) == [
                "Receipt names the kind StoreKit off the named edges (JWSVerifier)",
                "the core's Rules names StoreKit, not the kind's Model/ (JWSVerifier)",
                "Signing names Verdict, above the kinds (Verdict)",
                "the core's Trust names Verdict, above the kinds (Verdict)",
            ])
        #expect(Self.room("StoreKit/Model/Fields/JWSDate.swift") == "StoreKit/Model")
        #expect(Self.room("StoreKit/JWSVerifier.swift") == "StoreKit")
        #expect(Self.room("Rules/Revocation/RuleSet.swift") == "Rules")
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
