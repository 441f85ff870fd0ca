import ReceiptKit
import ReceiptSystem

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
        var status: FileStatus
        switch FileStatus.of(path, followingLinks: false) {
        case .success(let found): status = found
        case .failure(let error): return .failure(path: path, message: "cannot read \(path): \(error.message)")
        }
        if status.kind == .symbolicLink {
            guard isRoot || followsLinks else { return nil }
            switch FileStatus.of(path, followingLinks: true) {
            case .success(let found): status = found
            case .failure(let error): return .failure(path: path, message: "cannot read \(path): \(error.message)")
            }
        }
        guard status.kind == .directory else {
            return .file(path, size: status.kind == .regular ? status.size : nil)
        }
        let identity = Identity(device: status.device, inode: status.inode)
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
        switch DirectoryListing.names(in: path) {
        case .success(let names):
            return .success(names.filter { !$0.hasPrefix(".") })
        case .failure(let error):
            return .failure(ListingError(message: "cannot list \(path): \(error.message)"))
        }
    }
}
