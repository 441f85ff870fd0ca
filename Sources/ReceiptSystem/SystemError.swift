#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call's error number (`errno`), with the C library's text for it.
public struct SystemError: Error, Sendable, Equatable {
    /// The error number, as `errno` held it.
    public let code: Int32

    /// The error numbered `code`.
    public init(code: Int32) {
        self.code = code
    }

    /// The error of the last failed call on this thread.
    public static var last: SystemError { SystemError(code: errno) }

    /// An input or output error (`EIO`): what a write that makes no progress is reported as.
    public static let inputOutput = SystemError(code: EIO)

    /// The C library's text for the error (`strerror`), such as "No such file or directory".
    public var message: String {
        // strerror returns a NUL-terminated string the C library owns, valid until its next call on this
        // thread: it is copied into a String at once.
        unsafe String(cString: strerror(code))
    }
}
