#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor, read into and written from Swift arrays: the command line's files,
/// standard input and output.
///
/// Every read and write retries after a signal (`EINTR`); a write writes everything or fails. The
/// descriptor is not owned: whoever opened it closes it with ``close()``.
public struct FileDescriptor: Sendable, Hashable {
    /// The descriptor's number.
    public let rawValue: Int32

    /// The descriptor numbered `rawValue`.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Standard input, descriptor 0.
    public static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
    /// Standard output, descriptor 1.
    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    /// Standard error, descriptor 2.
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    /// Opens `path` for reading.
    public static func openForReading(_ path: String) -> Result<FileDescriptor, SystemError> {
        // The path is passed as a NUL-terminated copy that lives for the call; open keeps no pointer to it.
        let descriptor = unsafe open(path, O_RDONLY)
        return descriptor >= 0 ? .success(FileDescriptor(rawValue: descriptor)) : .failure(.last)
    }

    /// Creates `path` for writing, or empties it when it exists (mode 0666 before the umask).
    public static func create(_ path: String) -> Result<FileDescriptor, SystemError> {
        // As in openForReading: the path's copy lives for the call.
        let descriptor = unsafe open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        return descriptor >= 0 ? .success(FileDescriptor(rawValue: descriptor)) : .failure(.last)
    }

    /// Closes the descriptor; the error close reports (a deferred write error of NFS or a quota), or nil.
    @discardableResult
    public func close() -> SystemError? {
        systemClose(rawValue) == 0 ? nil : .last
    }

    /// What `fstat` says of the open file.
    public func status() -> Result<FileStatus, SystemError> {
        var status = stat()
        guard unsafe fstat(rawValue, &status) == 0 else { return .failure(.last) }
        return .success(FileStatus(status))
    }

    /// Reads once into `buffer` from index `offset`, at most `maximum` bytes and never past the buffer's
    /// end: the count read, 0 at the end of the input (or when no byte was asked for, as `read` itself).
    /// An offset outside the buffer, or a negative maximum, is refused (`EINVAL`) rather than read as an end.
    public func read(into buffer: inout [UInt8], at offset: Int, maximum: Int = .max) -> Result<Int, SystemError> {
        guard offset >= 0, offset <= buffer.count, maximum >= 0 else { return .failure(SystemError(code: EINVAL)) }
        let wanted = min(maximum, buffer.count - offset)
        guard wanted > 0 else { return .success(0) }
        let descriptor = rawValue
        return unsafe buffer.withUnsafeMutableBytes { bytes -> Result<Int, SystemError> in
            // offset + wanted <= bytes.count (checked above), so read writes only into the array's own bytes.
            guard let base = bytes.baseAddress else { return .failure(SystemError(code: EINVAL)) }
            while true {
                let received = unsafe systemRead(descriptor, base + offset, wanted)
                if received >= 0 {
                    return .success(received)
                }
                if errno != EINTR {
                    return .failure(.last)
                }
            }
        }
    }

    /// Writes all of `bytes`; the error that stopped it, or nil.
    public func write(_ bytes: [UInt8]) -> SystemError? {
        unsafe bytes.withUnsafeBytes { unsafe writeAll($0) }
    }

    /// Writes all of `bytes`; the error that stopped it, or nil.
    public func write(_ bytes: ArraySlice<UInt8>) -> SystemError? {
        unsafe bytes.withUnsafeBytes { unsafe writeAll($0) }
    }

    /// Writes `text` as UTF-8, all of it; the error that stopped it, or nil.
    public func write(_ text: String) -> SystemError? {
        var text = text
        return text.withUTF8 { unsafe writeAll(UnsafeRawBufferPointer($0)) }
    }

    /// Writes all of `buffer`, which the caller keeps alive for the call; the error that stopped it, or nil.
    /// Public for ReceiptKit's wall that streams a verdict's JSON chunks, which are the writer's own storage.
    public func write(_ buffer: UnsafeBufferPointer<UInt8>) -> SystemError? {
        unsafe writeAll(UnsafeRawBufferPointer(buffer))
    }

    /// Writes the whole buffer, retrying after signals and short writes. The buffer is the caller's
    /// array or string storage, alive for the call; each write is given only what remains of it.
    private func writeAll(_ buffer: UnsafeRawBufferPointer) -> SystemError? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let written = unsafe systemWrite(rawValue, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR {
                    continue
                }
                return .last
            }
            // A zero-byte write of a non-empty buffer makes no progress: it counts as an I/O error.
            guard written > 0 else { return .inputOutput }
            offset += written
        }
        return nil
    }
}

// The C functions under names the methods above do not hide. Naming one is marked unsafe for its pointer
// parameter; it is called only in read(into:at:maximum:) and writeAll, on a buffer checked there.
#if canImport(Glibc)
    private let systemRead = unsafe Glibc.read
    private let systemWrite = unsafe Glibc.write
    private let systemClose = Glibc.close
#elseif canImport(Darwin)
    private let systemRead = unsafe Darwin.read
    private let systemWrite = unsafe Darwin.write
    private let systemClose = Darwin.close
#endif
