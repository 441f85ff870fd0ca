/// A file or directory an option names for the command to read, as given: `-` is standard input where
/// the option reads a file. Whether it exists and can be read is the file system's answer when the command
/// opens it (exit 66, the message naming the option), not the parser's.
struct InputPath: Sendable, Equatable {
    /// The path as given.
    let path: String

    /// `-`: standard input, for the options whose files are read through `InputFile`.
    var isStandardInput: Bool { path == "-" }
}

extension OptionKey where Value == InputPath {
    /// A file to read (`-` for standard input): "--spec takes a file to read (- for standard input), not ''".
    static func input(_ name: String, _ value: String = "FILE", help: String) -> Self {
        parsed(name, value, takes: "a file to read (- for standard input)", help: help) { text in
            text.isEmpty ? nil : InputPath(path: text)
        }
    }

    /// A directory to read files from, such as a test PKI's.
    static func directory(_ name: String, _ value: String = "DIR", help: String) -> Self {
        parsed(name, value, takes: "a directory to read", help: help) { text in
            text.isEmpty ? nil : InputPath(path: text)
        }
    }
}
