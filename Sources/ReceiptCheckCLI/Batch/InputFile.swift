import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens and reads the files a run is given, or standard input for `-`: inputs, path lists and
/// `--lines` files, certificates, rules, facts and specs. ReceiptKit takes bytes; reading them, and
/// refusing more than `--max-size` before reading a file whole, happens here only.
enum InputFile {
    /// The largest input read unless overridden (`--max-size`): far above any real receipt
    /// (a sandbox receipt with thousands of purchases is a few hundred KB), far below memory.
    static let defaultSizeLimit = 16 << 20

    /// A descriptor to read `path` from, standard input for `-`; a directory is refused.
    static func openForReading(_ path: String) -> Result<Int32, ReceiptError> {
        path == "-" ? .success(STDIN_FILENO) : openFile(path).map(\.descriptor)
    }

    /// Reads `path`, or standard input for `-`, whole.
    static func contents(of path: String, limit: Int = defaultSizeLimit) throws(ReceiptError) -> [UInt8] {
        if path == "-" {
            return try readAll(from: STDIN_FILENO, name: "standard input", limit: limit)
        }
        let (descriptor, status) = try openFile(path).get()
        defer { close(descriptor) }
        let size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
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
            let wanted = min(chunk.count, count - body.count)
            let got = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, wanted) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            body.append(contentsOf: chunk[0..<got])
        }
        return body
    }

    /// Opens a named file and reads its status once, for the directory check and the size both.
    private static func openFile(_ path: String) -> Result<(descriptor: Int32, status: stat), ReceiptError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            return .failure(ReceiptError(.unreadableInput, "cannot open \(path): \(String(cString: strerror(errno)))"))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = ReceiptError(.unreadableInput, "cannot read \(path): \(String(cString: strerror(errno)))")
            close(descriptor)
            return .failure(error)
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            close(descriptor)
            return .failure(ReceiptError(.unreadableInput, "\(path) is a directory"))
        }
        return .success((descriptor, status))
    }

    /// Reads to the end. `expected` (a regular file's size) lets the common case read straight
    /// into an array of the right size, with one spare byte to notice a file that grew: a regular
    /// file reads short only at its end, so a read that stops at the size needs no second read to
    /// find the end (a batch makes that call for every file).
    private static func readAll(from descriptor: Int32, name: String, limit: Int, expected: Int? = nil)
        throws(ReceiptError) -> [UInt8]
    {
        var bytes: [UInt8] = []
        if let expected, expected > 0 {
            var failure: Int32 = 0
            bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
                count = 0
                guard let base = buffer.baseAddress else { return }
                while count < buffer.count {
                    let got = read(descriptor, base + count, buffer.count - count)
                    if got < 0, errno == EINTR { continue }
                    guard got > 0 else {
                        failure = got < 0 ? errno : 0
                        return
                    }
                    count += got
                    if count == expected { return }
                }
            }
            if failure != 0 {
                throw ReceiptError(.unreadableInput, "cannot read \(name): \(String(cString: strerror(failure)))")
            }
            guard bytes.count > expected else { return bytes }
            guard bytes.count <= limit else { throw tooLarge(name, limit) }
        }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReceiptError(.unreadableInput, "cannot read \(name): \(String(cString: strerror(errno)))")
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
