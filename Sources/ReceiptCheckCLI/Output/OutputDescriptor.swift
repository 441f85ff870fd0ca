#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checked writes to a file descriptor, and the process set-up that makes every failed write
/// visible as an error rather than a signal or a write to the wrong file.
enum OutputDescriptor {
    /// Writes all of `buffer`, retrying after signals and short writes; the errno of a failure, or nil.
    static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR {
                    continue
                }
                return errno
            }
            // A zero-byte write of a non-empty buffer makes no progress: treat it as an I/O error.
            guard written > 0 else { return EIO }
            offset += written
        }
        return nil
    }

    /// Called first in `main`. A closed pipe must be a write error (exit 74 with a message), not
    /// SIGPIPE killing the process silently with 141, so SIGPIPE is ignored and EPIPE reported.
    /// A standard descriptor that was closed by the caller is held by /dev/null opened the wrong
    /// way round, so writes to it (or reads from standard input) still fail, and no file the run
    /// opens later (an input, a `-o` output) can take its number and receive its output.
    static func prepareProcess() {
        signal(SIGPIPE, SIG_IGN)
        for (descriptor, flags) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)]
        where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let placeholder = open("/dev/null", flags)
            if placeholder >= 0, placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif
