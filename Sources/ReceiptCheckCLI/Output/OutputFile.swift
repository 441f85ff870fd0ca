#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a whole output file (`-o FILE`, a test PKI's files) and says which step failed:
/// a file that cannot be created exits 73, one whose write or close fails (a full disk, an I/O
/// error) exits 74, as standard output does.
enum OutputFile {
    struct WriteError: Error {
        let status: ExitStatus
        let message: String
    }

    static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw WriteError(
                status: .cantCreate, message: "\(path): cannot create: \(String(cString: strerror(errno)))")
        }
        let code = bytes.withUnsafeBufferPointer { OutputDescriptor.write($0, to: descriptor) }
        // close can report a deferred write error (NFS, quotas): it counts as a failed write.
        let closed = close(descriptor) == 0 ? nil : errno
        if let failure = code ?? closed {
            throw WriteError(status: .ioError, message: "\(path): cannot write: \(String(cString: strerror(failure)))")
        }
    }
}
