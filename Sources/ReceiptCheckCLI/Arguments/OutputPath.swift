/// A file an option names for writing, as given (`-` is standard output). Whether it can be made is found
/// when it is written (exit 73, cannot create), not by the parser.
struct OutputPath: Sendable, Equatable {
    let path: String

    /// The path given, nil for an empty text, which names no file to make.
    init?(given text: String) {
        guard !text.isEmpty else { return nil }
        path = text
    }
}

extension OptionKey where Value == OutputPath {
    /// A file to write (`-` for standard output): `--output takes a file to write (- for standard output), not ''`.
    static func output(_ name: String, short: Character? = nil, _ value: String = "FILE", help: String) -> Self {
        parsed(name, short: short, value, takes: "a file to write (- for standard output)", help: help) {
            OutputPath(given: $0)
        }
    }
}
