#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A temporary directory for the bench's files, removed at the end.
struct Workspace {
    let root: String

    init() throws(Subprocess.RunError) {
        var template = Array("/tmp/receipt-bench-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        guard let made else {
            throw Subprocess.RunError(
                description: "cannot make a temporary directory: \(String(cString: strerror(errno)))")
        }
        root = made
    }

    func path(_ relative: String) -> String {
        root + "/" + relative
    }

    func write(_ bytes: [UInt8], to relative: String) throws(Subprocess.RunError) {
        let descriptor = open(path(relative), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw Subprocess.RunError(
                description: "cannot write \(path(relative)): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard Subprocess.writeAll(bytes, to: descriptor) else {
            throw Subprocess.RunError(
                description: "cannot write \(path(relative)): \(String(cString: strerror(errno)))")
        }
    }

    func remove() {
        _ = try? Subprocess.run(["rm", "-rf", root])
    }
}
