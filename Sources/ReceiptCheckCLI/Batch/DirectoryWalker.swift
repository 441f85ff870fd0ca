#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists the files under a directory, depth first, each directory's entries sorted by name.
///
/// Symbolic links follow `grep`: the root given by the user is followed if it is a link; below
/// it, `--recursive` skips every link (to a directory or a file), and `--dereference-recursive`
/// follows them all. Following links can make a cycle, so each directory is known by device and
/// inode, and one that is already on the path being walked is reported as a loop, not entered.
/// The walk keeps a stack rather than recursing, so a deep tree cannot exhaust the call stack.
/// Hidden entries (names starting with a dot) are skipped, as `.DS_Store` or `.git` are not receipts.
struct DirectoryWalker {
    enum Entry: Equatable {
        /// A file, with its size when the walk found it a regular file (so the batch need not ask again).
        case file(String, size: Int?)
        case failure(path: String, message: String)
        /// A link to a directory that is already being walked: not followed.
        case loop(String)
    }

    private struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64
    }

    /// A directory being walked: its identity and the names still to visit, the next last.
    private struct Frame {
        let identity: Identity
        let prefix: String
        var names: [String]
    }

    private let followsLinks: Bool
    private var root: String?
    private var stack: [Frame] = []

    init(root: String, followsLinks: Bool) {
        self.root = root
        self.followsLinks = followsLinks
    }

    mutating func next() -> Entry? {
        if let path = root {
            root = nil
            if let entry = visit(path, isRoot: true) {
                return entry
            }
        }
        while let top = stack.indices.last {
            guard let name = stack[top].names.popLast() else {
                stack.removeLast()
                continue
            }
            if let entry = visit(stack[top].prefix + name, isRoot: false) {
                return entry
            }
        }
        return nil
    }

    /// A file gives its entry; a directory is entered (nil: its entries come next); a link that
    /// is not followed gives nil.
    private mutating func visit(_ path: String, isRoot: Bool) -> Entry? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            return .failure(path: path, message: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        if status.st_mode & S_IFMT == S_IFLNK {
            guard isRoot || followsLinks else { return nil }
            guard stat(path, &status) == 0 else {
                return .failure(path: path, message: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            return .file(path, size: status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil)
        }
        let identity = Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        if stack.contains(where: { $0.identity == identity }) {
            return .loop(path)
        }
        switch Self.entries(of: path) {
        case .success(let names):
            stack.append(
                Frame(identity: identity, prefix: path.hasSuffix("/") ? path : path + "/", names: names.sorted(by: >)))
            return nil
        case .failure(let error):
            return .failure(path: path, message: error.message)
        }
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
