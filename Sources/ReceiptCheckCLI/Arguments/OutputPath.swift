/// A file an option names for the command to write, as given: `-` is standard output. Whether its folder
/// exists and the file can be made is the file system's answer when the command writes it (exit 73, the
/// message naming the path), not the parser's.
struct OutputPath: Sendable, Equatable {
    /// The path as given.
    let path: String

    /// `-`: standard output.
    var isStandardOutput: Bool { path == "-" }
}

extension OptionKey where Value == OutputPath {
    /// A file to write (`-` for standard output): "--output takes a file to write (- for standard output), not ''".
    static func output(_ name: String, short: Character? = nil, _ value: String = "FILE", help: String) -> Self {
        parsed(name, short: short, value, takes: "a file to write (- for standard output)", help: help) { text in
            text.isEmpty ? nil : OutputPath(path: text)
        }
    }
}
