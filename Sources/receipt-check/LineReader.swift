import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file descriptor a line at a time, holding at most one line (and one chunk) in memory.
///
/// A line longer than `limit` is skipped up to its end and returned as a failure, so one
/// oversized line neither stops the run nor shifts the numbering of the lines after it.
final class LineReader {
    enum Line {
        case bytes([UInt8])
        case tooLong
        case failure(String)
    }

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where to resume looking for a newline: bytes before it are known to hold none.
    private var scanned = 0
    private var atEnd = false
    private var failed = false

    init(descriptor: Int32, ownsDescriptor: Bool, limit: Int) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.limit = limit
    }

    deinit {
        if ownsDescriptor {
            close(descriptor)
        }
    }

    /// The next line without its `\n` (and `\r`), or nil after the last one. A final line
    /// without a newline still counts; an empty file has no lines.
    func next() -> Line? {
        var skipping = false
        while true {
            if let newline = buffer[max(start, scanned)...].firstIndex(of: 0x0A) {
                let line = buffer[start..<newline]
                start = newline + 1
                scanned = start
                if skipping || line.count > limit {
                    return .tooLong
                }
                return .bytes(Array(line.last == 0x0D ? line.dropLast() : line))
            }
            if buffer.count - start > limit {
                // Drop what is buffered of an oversized line and keep reading to its end.
                skipping = true
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            scanned = buffer.count
            if atEnd || failed {
                guard start < buffer.count || skipping else { return nil }
                let line = buffer[start...]
                buffer.removeAll()
                start = 0
                scanned = 0
                return skipping || line.count > limit ? .tooLong : .bytes(Array(line))
            }
            if let error = fill() {
                failed = true
                return .failure(error)
            }
        }
    }

    /// Appends one chunk; returns an error message when the read fails.
    private func fill() -> String? {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        let chunk = 64 << 10
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress.map { $0 + old }, chunk) }
            if count < 0, errno == EINTR {
                continue
            }
            buffer.removeLast(chunk - max(count, 0))
            if count < 0 {
                return String(cString: strerror(errno))
            }
            if count == 0 {
                atEnd = true
            }
            return nil
        }
    }
}
