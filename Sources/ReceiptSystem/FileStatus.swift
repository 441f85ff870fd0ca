#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says of a file: its kind, its size and its identity.
public struct FileStatus: Sendable, Equatable {
    /// A file's kind.
    public enum Kind: Sendable, Equatable {
        /// A regular file: its size is its length.
        case regular
        /// A directory.
        case directory
        /// A symbolic link (only when not followed).
        case symbolicLink
        /// Anything else: a pipe, a device, a socket.
        case other
    }

    /// The file's kind.
    public let kind: Kind
    /// The size `stat` gives, in bytes: the length of a regular file.
    public let size: Int
    /// The device that holds the file: with ``inode``, the file's identity.
    public let device: UInt64
    /// The file's number on its device.
    public let inode: UInt64
    /// The permission bits of the file's mode, such as `0o600`.
    public let permissions: UInt32

    init(_ status: stat) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        size = Int(status.st_size)
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        permissions = UInt32(status.st_mode & 0o7777)
    }

    /// The status of the file at `path`; of a symbolic link itself unless `followingLinks`.
    public static func of(_ path: String, followingLinks: Bool) -> Result<FileStatus, SystemError> {
        var status = stat()
        // The path's NUL-terminated copy and the stat structure both live for the call.
        let result = followingLinks ? unsafe stat(path, &status) : unsafe lstat(path, &status)
        return result == 0 ? .success(FileStatus(status)) : .failure(.last)
    }
}
