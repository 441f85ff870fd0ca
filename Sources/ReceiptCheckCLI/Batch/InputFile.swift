import ReceiptKit
import ReceiptSystem

/// Opens and reads the files a run is given, or standard input for `-`: inputs, path lists and
/// `--lines` files, certificates, rules, facts and specs. ReceiptKit takes bytes; reading them, and
/// refusing more than `--max-size` before reading a file whole, happens here only.
enum InputFile {
    /// The largest input read unless overridden (`--max-size`): far above any real receipt
    /// (a sandbox receipt with thousands of purchases is a few hundred KB), far below memory.
    static let defaultSizeLimit = 16 << 20

    /// A descriptor to read `path` from, standard input for `-`; a directory is refused, its message
    /// ending with `directoryHint`.
    static func openForReading(_ path: String, directoryHint: String = "") -> Result<FileDescriptor, ReceiptError> {
        path == "-" ? .success(.standardInput) : openFile(path, directoryHint: directoryHint).map(\.descriptor)
    }

    /// Reads `path`, or standard input for `-`, whole; a directory is refused, its message ending with
    /// `directoryHint`.
    static func contents(of path: String, limit: Int = defaultSizeLimit, directoryHint: String = "")
        throws(ReceiptError) -> [UInt8]
    {
        if path == "-" {
            return try readAll(from: .standardInput, name: "standard input", limit: limit)
        }
        let (descriptor, status) = try openFile(path, directoryHint: directoryHint).get()
        defer { descriptor.close() }
        let size = status.kind == .regular ? status.size : nil
        if let size, size > limit {
            throw tooLarge(path, limit)
        }
        return try readAll(from: descriptor, name: path, limit: limit, expected: size)
    }

    /// Up to `count` bytes of standard input, in chunks, however little arrives (a CGI request's body,
    /// whose declared length the caller has bounded): only what actually arrives is stored.
    static func standardInputPrefix(_ count: Int) -> [UInt8] {
        var body: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while body.count < count {
            guard
                case .success(let got) = FileDescriptor.standardInput.read(
                    into: &chunk, at: 0, maximum: count - body.count),
                got > 0
            else { break }
            body.append(contentsOf: chunk[0..<got])
        }
        return body
    }

    private typealias OpenFile = (descriptor: FileDescriptor, status: FileStatus)

    /// Opens a named file and reads its status once, for the directory check and the size both.
    private static func openFile(_ path: String, directoryHint: String) -> Result<OpenFile, ReceiptError> {
        let descriptor: FileDescriptor
        switch FileDescriptor.openForReading(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error):
            return .failure(ReceiptError(.unreadableInput, "cannot open \(path): \(error.message)"))
        }
        let status: FileStatus
        switch descriptor.status() {
        case .success(let read): status = read
        case .failure(let error):
            descriptor.close()
            return .failure(ReceiptError(.unreadableInput, "cannot read \(path): \(error.message)"))
        }
        guard status.kind != .directory else {
            descriptor.close()
            return .failure(ReceiptError(.unreadableInput, "\(path) is a directory\(directoryHint)"))
        }
        return .success((descriptor, status))
    }

    /// Reads to the end. `expected` (a regular file's size) lets the common case read straight
    /// into an array of the right size, with one spare byte to notice a file that grew: a regular
    /// file reads short only at its end, so a read that stops at the size needs no second read to
    /// find the end (a batch makes that call for every file).
    private static func readAll(from descriptor: FileDescriptor, name: String, limit: Int, expected: Int? = nil)
        throws(ReceiptError) -> [UInt8]
    {
        var bytes: [UInt8] = []
        if let expected, expected > 0 {
            bytes = [UInt8](repeating: 0, count: expected + 1)
            var count = 0
            reading: while count < bytes.count {
                switch descriptor.read(into: &bytes, at: count) {
                case .success(0): break reading
                case .success(let got):
                    count += got
                    if count == expected { break reading }
                case .failure(let error):
                    throw ReceiptError(.unreadableInput, "cannot read \(name): \(error.message)")
                }
            }
            bytes.removeLast(bytes.count - count)
            guard bytes.count > expected else { return bytes }
            guard bytes.count <= limit else { throw tooLarge(name, limit) }
        }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count: Int
            switch descriptor.read(into: &chunk, at: 0) {
            case .success(let got): count = got
            case .failure(let error): throw ReceiptError(.unreadableInput, "cannot read \(name): \(error.message)")
            }
            if count == 0 {
                return bytes
            }
            guard bytes.count + count <= limit else {
                throw tooLarge(name, limit)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    private static func tooLarge(_ name: String, _ limit: Int) -> ReceiptError {
        ReceiptError(.inputTooLarge, "\(name) is larger than the \(limit)-byte limit (raise it with --max-size)")
    }
}
