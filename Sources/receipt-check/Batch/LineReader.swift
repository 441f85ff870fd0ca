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
            if let newline = Self.newline(in: buffer, from: max(start, scanned)) {
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

    /// The index of the first `\n` at or after `from`: `memchr`, as a batch scans every byte of its input.
    private static func newline(in buffer: [UInt8], from: Int) -> Int? {
        guard from < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress, let found = memchr(base + from, 0x0A, bytes.count - from) else {
                return nil
            }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
    }

    /// Read into, then appended to the buffer: one copy of what was read, not a zero-filled chunk.
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)

    /// Appends one chunk; returns an error message when the read fails.
    private func fill() -> String? {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR {
                continue
            }
            if count < 0 {
                return String(cString: strerror(errno))
            }
            if count == 0 {
                atEnd = true
            } else {
                chunk.withUnsafeBufferPointer { buffer.append(contentsOf: $0.prefix(count)) }
            }
            return nil
        }
    }
}
