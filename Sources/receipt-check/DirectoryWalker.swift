#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists the files under a directory, depth first, each directory's entries sorted by name.
///
/// Keeps a stack rather than recursing, so a deep tree cannot exhaust the call stack, and does
/// not follow symbolic links to directories, so a link cycle cannot loop. Hidden entries (names
/// starting with a dot) are skipped, as `.DS_Store` or `.git` are not receipts.
struct DirectoryWalker {
    enum Entry {
        case file(String)
        case failure(path: String, message: String)
    }

    /// Paths still to visit, the next last; only the root given by the user is followed if a link.
    private var pending: [(path: String, isRoot: Bool)]

    init(root: String) {
        pending = [(root, true)]
    }

    mutating func next() -> Entry? {
        while let (path, isRoot) = pending.popLast() {
            var status = stat()
            guard (isRoot ? stat(path, &status) : lstat(path, &status)) == 0 else {
                return .failure(path: path, message: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                return .file(path)
            }
            switch Self.entries(of: path) {
            case .success(let names):
                let prefix = path.hasSuffix("/") ? path : path + "/"
                pending.append(contentsOf: names.sorted(by: >).map { (prefix + $0, false) })
            case .failure(let error):
                return .failure(path: path, message: error.message)
            }
        }
        return nil
    }

    private struct ListingError: Error {
        let message: String
    }

    private static func entries(of path: String) -> Result<[String], ListingError> {
        guard let directory = opendir(path) else {
            return .failure(ListingError(message: "cannot list \(path): \(String(cString: strerror(errno)))"))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") {
                continue
            }
            names.append(name)
        }
        return .success(names)
    }
}
