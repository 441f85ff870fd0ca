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
///
/// `read` fills the buffer in place and each line is copied out of it once: every byte of a batch of
/// receipts passes through here, so no byte is copied twice.
final class LineReader {
    enum Line {
        case bytes([UInt8])
        case tooLong
        case failure(String)
    }

    private static let chunkSize = 64 << 10

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let limit: Int
    private var storage: UnsafeMutableRawBufferPointer
    /// Bytes of `storage` holding input.
    private var count = 0
    /// Where the next line starts.
    private var start = 0
    /// Where to resume looking for a newline: bytes before it are known to hold none.
    private var scanned = 0
    private var atEnd = false
    private var failed = false

    init(descriptor: Int32, ownsDescriptor: Bool, limit: Int) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.limit = limit
        storage = .allocate(byteCount: Self.chunkSize, alignment: 1)
    }

    deinit {
        storage.deallocate()
        if ownsDescriptor {
            close(descriptor)
        }
    }

    /// The next line without its `\n` (and `\r`), or nil after the last one. A final line
    /// without a newline still counts; an empty file has no lines.
    func next() -> Line? {
        var skipping = false
        while true {
            if let newline = newline(from: max(start, scanned)) {
                let lineStart = start
                start = newline + 1
                scanned = start
                if skipping || newline - lineStart > limit {
                    return .tooLong
                }
                let end = newline > lineStart && storage[newline - 1] == 0x0D ? newline - 1 : newline
                return .bytes(bytes(lineStart..<end))
            }
            if count - start > limit {
                // Drop what is buffered of an oversized line and keep reading to its end.
                skipping = true
                count = 0
                start = 0
            }
            scanned = count
            if atEnd || failed {
                guard start < count || skipping else { return nil }
                let line = start..<count
                count = 0
                start = 0
                scanned = 0
                return skipping || line.count > limit ? .tooLong : .bytes(bytes(line))
            }
            if let error = fill() {
                failed = true
                return .failure(error)
            }
        }
    }

    private func bytes(_ range: Range<Int>) -> [UInt8] {
        Array(UnsafeRawBufferPointer(rebasing: storage[range]))
    }

    /// The index of the first `\n` at or after `from`: `memchr`, as a batch scans every byte of its input.
    private func newline(from: Int) -> Int? {
        guard from < count, let base = storage.baseAddress,
            let found = memchr(base + from, 0x0A, count - from)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// Reads one chunk into the buffer, first moving the unfinished line to its front (or growing
    /// the buffer when that line already fills half of it, so a long line costs amortised linear
    /// time); returns an error message when the read fails.
    private func fill() -> String? {
        if start > 0 {
            if count > start, let base = storage.baseAddress {
                memmove(base, base + start, count - start)
            }
            count -= start
            scanned -= start
            start = 0
        }
        if storage.count - count < Self.chunkSize / 2 {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: storage.count * 2, alignment: 1)
            if count > 0, let from = storage.baseAddress, let to = grown.baseAddress {
                memcpy(to, from, count)
            }
            storage.deallocate()
            storage = grown
        }
        while true {
            guard let base = storage.baseAddress else { return "no buffer to read into" }
            let received = read(descriptor, base + count, storage.count - count)
            if received < 0, errno == EINTR {
                continue
            }
            if received < 0 {
                return String(cString: strerror(errno))
            }
            if received == 0 {
                atEnd = true
            } else {
                count += received
            }
            return nil
        }
    }
}
