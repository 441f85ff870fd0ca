import ReceiptSystem

/// A first argument that is no command and no file but a near miss of a command's name: `verfy x` would
/// otherwise run the default command on a file `verfy` and report it unreadable, far from the typo.
enum CommandTypo {
    /// The command `first` most likely meant, when it is no option, file or path; only then are the names listed:
    /// that builds every command's spec.
    static func meant(by first: String, among names: @autoclosure () -> [String]) -> String? {
        guard !first.hasPrefix("-"), !first.contains("/"), !first.contains(".") else { return nil }
        // The names first: most first arguments are files far from every name, which then need no stat.
        guard let meant = NameSuggestion.closest(to: first, among: names()) else { return nil }
        // A file of that name is the input it always was.
        return exists(first) ? nil : meant
    }

    private static func exists(_ path: String) -> Bool {
        switch FileStatus.of(path, followingLinks: true) {
        case .success: true
        case .failure: false
        }
    }
}
