#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names in a directory, read with `opendir` and `readdir`.
public enum DirectoryListing {
    /// The names of the entries of the directory at `path`, in the order the system gives them, without
    /// `.` and `..`.
    public static func names(in path: String) -> Result<[String], SystemError> {
        guard let directory = unsafe opendir(path) else { return .failure(.last) }
        defer { unsafe closedir(directory) }
        var names: [String] = []
        while let entry = unsafe readdir(directory) {
            // readdir's entry stays valid until the next readdir or closedir; its name, a NUL-terminated
            // array within the entry, is copied out first, stopping at the NUL or the array's end.
            let name = unsafe withUnsafeBytes(of: entry.pointee.d_name) { raw in
                unsafe String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." {
                names.append(name)
            }
        }
        return .success(names)
    }
}
