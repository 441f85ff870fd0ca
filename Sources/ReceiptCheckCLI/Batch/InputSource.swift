import ReceiptKit
import ReceiptSystem

/// The inputs of a run, produced one at a time in order, so a run over millions of paths or
/// lines holds only the current one in memory.
///
/// Paths come from the operands, then from `--files-from`; with `--recursive` (or
/// `--dereference-recursive`) a directory stands for the files under it; with `--lines` each path
/// (standard input when none) stands for its lines, each one input named `PATH:LINE`.
/// Directory loops met while following links are warned about on `console`, not counted as inputs.
struct InputSource {
    private var operands: IndexingIterator<[String]>
    private var listReader: LineReader?
    private let listName: String?
    private var listLine = 0
    private var walker: DirectoryWalker?
    private var lineReader: LineReader?
    private var lineFile = ""
    private var lineNumber = 0
    private let recursive: Bool
    private let followsLinks: Bool
    private let console: Console
    private let lines: Bool
    private let limit: Int
    /// A failure to report before anything else (the path list could not be opened).
    private var pendingFailure: BatchInput?
    /// Inputs made before the run (an App Store Server API answer, the files given beside it), last first.
    private var prepared: [BatchInput] = []
    /// The operands given, for the message when they hold nothing: the array `operands` walks, not a copy.
    private let operandNames: [String]
    /// Whether any path was found (a file, a stream, or one that failed), so that a run with no input
    /// can tell an empty directory or path list (nothing found) from `--lines` over an empty stream (a
    /// filter's empty chunk). Prepared inputs and a failed path list are inputs, never "nothing".
    private(set) var foundAny = false
    /// How many `--lines` lines held only whitespace: no input (a saved JWS ends in a newline, and `echo`
    /// between inputs adds another), so they are skipped and counted, never answered as a failed input.
    private(set) var blankLines = 0

    /// What is said of a directory given without `-r`, after "PATH is a directory": the commands that read
    /// their operands through an input source (verify, inspect) all take `-r`.
    static let directoryHint = "; use -r (--recursive) to verify the files under it"

    /// When the operands, directories and path list held no input at all, says so on `console` and gives
    /// `.noInput`: a check of nothing (an empty directory, an empty path list) must not pass for one. Nil
    /// when an input was found.
    func nothingFound(console: Console) -> ExitStatus? {
        guard !foundAny else { return nil }
        let given = operandNames + (listName.map { [$0] } ?? [])
        console.error("no input found in \(given.joined(separator: ", ")): nothing was verified")
        return .noInput
    }

    init(operands: [String], settings: BatchOptionTable.Settings, limit: Int, console: Console) {
        let lines = settings.given[BatchOptionTable.lines]
        let names = lines && operands.isEmpty && settings.filesFrom == nil ? ["-"] : operands
        self.operands = names.makeIterator()
        operandNames = names
        followsLinks = settings.given[BatchOptionTable.dereferenceRecursive]
        recursive = settings.given[BatchOptionTable.recursive] || followsLinks
        self.console = console
        self.lines = lines
        self.limit = limit
        listName = settings.filesFrom?.path
        if let list = settings.filesFrom?.path {
            switch InputFile.openForReading(list) {
            case .success(let descriptor):
                listReader = LineReader(descriptor: descriptor, ownsDescriptor: list != "-", limit: 1 << 16)
            case .failure(let error):
                pendingFailure = BatchInput(name: list, content: .failure(error))
            }
        }
    }

    /// The inputs `inputs`, in order.
    init(prepared inputs: [BatchInput], limit: Int, console: Console) {
        self.init(operands: [], settings: BatchOptionTable.Settings(), limit: limit, console: console)
        prepared = inputs.reversed()
    }

    mutating func next() -> BatchInput? {
        if let input = prepared.popLast() {
            return input
        }
        if let failure = pendingFailure {
            pendingFailure = nil
            return failure
        }
        while true {
            if let input = nextLine() {
                return input
            }
            guard let path = nextFile() else { return nil }
            foundAny = true
            switch path {
            case .failure(let input):
                return input
            case .file(let path, let size):
                guard lines else {
                    return BatchInput(name: path, content: .path(path, directoryHint: Self.directoryHint), size: size)
                }
                switch InputFile.openForReading(path, directoryHint: Self.directoryHint) {
                case .success(let descriptor):
                    lineReader = LineReader(descriptor: descriptor, ownsDescriptor: path != "-", limit: limit)
                    lineFile = path
                    lineNumber = 0
                case .failure(let error):
                    return BatchInput(name: path, content: .failure(error))
                }
            }
        }
    }

    /// The next line of the current `--lines` file, if one is open and has lines left.
    private mutating func nextLine() -> BatchInput? {
        guard let reader = lineReader else { return nil }
        var next = reader.next()
        lineNumber += 1
        while case .bytes(let bytes) = next, Self.isBlank(bytes) {
            blankLines += 1
            next = reader.next()
            lineNumber += 1
        }
        guard let line = next else {
            lineReader = nil
            return nil
        }
        let name = "\(lineFile):\(lineNumber)"
        switch line {
        case .bytes(let bytes):
            return BatchInput(name: name, content: .bytes(bytes))
        case .tooLong:
            return BatchInput(
                name: name,
                content: .failure(
                    ReceiptError(
                        .inputTooLarge,
                        "line \(lineNumber) is longer than the \(limit)-byte limit (raise it with --max-size)")))
        case .failure(let message):
            lineReader = nil
            return BatchInput(
                name: name, content: .failure(ReceiptError(.unreadableInput, "cannot read \(lineFile): \(message)")))
        }
    }

    /// A file to check, or the input that failed in its place. Not a `Result`, whose failure must be an
    /// `Error`: making the first one costs a scan of every conformance record of the process.
    private enum NextFile {
        case file(String, size: Int?)
        /// An input that failed before it could be read.
        case failure(BatchInput)
    }

    /// The next file to check: from the directory being walked, the operands or the path list.
    /// A file's size is given when the directory walk already read it.
    private mutating func nextFile() -> NextFile? {
        while true {
            if walker != nil {
                // Mutated in place: a copy taken out and put back would share the listing, and each
                // step would then copy every name left in it.
                let entry = walker?.next()
                switch entry {
                case .file(let path, let size):
                    return .file(path, size: size)
                case .failure(let path, let message):
                    return .failure(
                        BatchInput(name: path, content: .failure(ReceiptError(.unreadableInput, message))))
                case .loop(let path):
                    console.warning("\(path): recursive directory loop, not followed")
                    continue
                case nil:
                    walker = nil
                }
            }
            guard let next = nextPath() else { return nil }
            if case .file(let path, _) = next, recursive, path != "-", Self.isDirectory(path) {
                walker = DirectoryWalker(root: path, followsLinks: followsLinks)
                continue
            }
            return next
        }
    }

    /// The next operand or line of the path list, unread.
    private mutating func nextPath() -> NextFile? {
        if let operand = operands.next() {
            return .file(operand, size: nil)
        }
        guard let reader = listReader, let listName else { return nil }
        while let line = reader.next() {
            listLine += 1
            switch line {
            case .bytes(let bytes):
                // Blank lines separate nothing in a path list; skipping them keeps `find`-made lists easy.
                if bytes.isEmpty {
                    continue
                }
                return .file(String(decoding: bytes, as: UTF8.self), size: nil)
            case .tooLong:
                let error = ReceiptError(.unreadableInput, "line \(listLine) of \(listName) is too long to be a path")
                return .failure(BatchInput(name: "\(listName):\(listLine)", content: .failure(error)))
            case .failure(let message):
                listReader = nil
                let error = ReceiptError(.unreadableInput, "cannot read \(listName): \(message)")
                return .failure(BatchInput(name: listName, content: .failure(error)))
            }
        }
        listReader = nil
        return nil
    }

    /// Whether a line holds nothing but spaces, tabs and line or page breaks.
    private static func isBlank(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || (0x09...0x0D).contains($0) }
    }

    private static func isDirectory(_ path: String) -> Bool {
        guard case .success(let status) = FileStatus.of(path, followingLinks: true) else { return false }
        return status.kind == .directory
    }
}
