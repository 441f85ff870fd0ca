/// A file or directory an option names for the command to read, as given: `-` is standard input where
/// the option reads a file. Whether it exists and can be read is the file system's answer when the command
/// opens it (exit 66, no input), not the parser's (64 would call a missing file a mistyped command line).
struct InputPath: Sendable, Equatable {
    /// The path as given.
    let path: String

    /// `-`: standard input, for the options whose files are read through `InputFile`.
    var isStandardInput: Bool { path == "-" }

    /// The path given, nil for an empty text: no file has the empty name, and opening it would be
    /// reported as a file that cannot be read rather than as the option given nothing.
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
