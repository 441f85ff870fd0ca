#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process set-up that makes every failed write of a command-line tool visible as an error rather
/// than a signal or a write to the wrong file.
public enum StandardDescriptors {
    /// Ignores `SIGPIPE`, so that writing to a closed pipe fails with `EPIPE` instead of killing the
    /// process silently, and holds each closed standard descriptor with `/dev/null` opened the wrong way
    /// round: writes to it (or reads from standard input) still fail, and no file opened later takes its
    /// number and receives its output. Call it first in `main`.
    public static func prepare() {
        _ = signal(SIGPIPE, SIG_IGN)
        for (descriptor, flags) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)]
        where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            // The literal path's NUL-terminated copy lives for the call.
            let placeholder = unsafe open("/dev/null", flags)
            if placeholder >= 0, placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
    }
}
