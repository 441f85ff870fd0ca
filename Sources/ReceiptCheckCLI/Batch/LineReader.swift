import ReceiptKit
import ReceiptSystem

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

    private let descriptor: FileDescriptor
    private let ownsDescriptor: Bool
    private let limit: Int
    private var storage: [UInt8]
    /// Bytes of `storage` holding input.
    private var count = 0
    /// Where the next line starts.
    private var start = 0
    /// Where to resume looking for a newline: bytes before it are known to hold none.
    private var scanned = 0
    private var atEnd = false
    private var failed = false

    init(descriptor: FileDescriptor, ownsDescriptor: Bool, limit: Int) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.limit = limit
        storage = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    deinit {
        if ownsDescriptor {
            descriptor.close()
        }
    }

    /// The next line without its `\n` (and `\r`), or nil after the last one. A final line
    /// without a newline still counts; an empty file has no lines.
    func next() -> Line? {
        var skipping = false
        while true {
            if let newline = ByteSearch.firstIndex(of: 0x0A, in: storage, within: max(start, scanned)..<count) {
                let lineStart = start
                start = newline + 1
                scanned = start
                if skipping || newline - lineStart > limit {
                    return .tooLong
                }
                let end = newline > lineStart && storage[newline - 1] == 0x0D ? newline - 1 : newline
                return .bytes(Array(storage[lineStart..<end]))
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
                return skipping || line.count > limit ? .tooLong : .bytes(Array(storage[line]))
            }
            if let error = fill() {
                failed = true
                return .failure(error)
            }
        }
    }

    /// Reads one chunk into the buffer, first moving the unfinished line to its front (or growing
    /// the buffer when that line already fills half of it, so a long line costs amortised linear
    /// time); returns an error message when the read fails.
    private func fill() -> String? {
        if start > 0 {
            Self.moveToFront(&storage, start..<count)
            count -= start
            scanned -= start
            start = 0
        }
        if storage.count - count < Self.chunkSize / 2 {
            storage.append(contentsOf: repeatElement(0, count: storage.count))
        }
        switch descriptor.read(into: &storage, at: count) {
        case .success(0):
            atEnd = true
        case .success(let received):
            count += received
        case .failure(let error):
            return error.message
        }
        return nil
    }

    /// Moves `range` of `bytes` to its start: at most what is left of one line, once per chunk read.
    private static func moveToFront(_ bytes: inout [UInt8], _ range: Range<Int>) {
        var to = 0
        for from in range {
            bytes[to] = bytes[from]
            to += 1
        }
    }
}
