import Foundation

/// Reads a file another process is still writing (a server's log or its record of requests).
///
/// With POSIX calls: FoundationEssentials' `String(contentsOfFile:)` leaks a page when the file grows while
/// it reads, and LeakSanitizer fails `make test-asan` on it.
public enum GrowingFile {
    /// The file's text as far as it is written now; empty when it cannot be opened.
    public static func text(at path: String) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
