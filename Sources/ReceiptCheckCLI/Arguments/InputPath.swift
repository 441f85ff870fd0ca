/// A file or directory an option names, as given (`-` is standard input). Whether it can be read is found on
/// opening it (exit 66, no input), not by the parser (64 would call a missing file a mistyped command line).
struct InputPath: Sendable, Equatable {
    let path: String

    /// `-`: standard input, for the options whose files are read through `InputFile`.
    var isStandardInput: Bool { path == "-" }

    /// Nil for an empty text: opening it would be reported as an unreadable file, not as the option given nothing.
    init?(given text: String) {
        guard !text.isEmpty else { return nil }
        path = text
    }
}

extension OptionKey where Value == InputPath {
    /// A file to read (`-` for standard input): `--spec takes a file to read (- for standard input), not ''`.
    static func input(_ name: String, _ value: String = "FILE", help: String) -> Self {
        parsed(name, value, takes: "a file to read (- for standard input)", help: help) { InputPath(given: $0) }
    }

    /// A directory to read files from, such as a test PKI's.
    static func directory(_ name: String, _ value: String = "DIR", help: String) -> Self {
        parsed(name, value, takes: "a directory to read", help: help) { InputPath(given: $0) }
    }
}
