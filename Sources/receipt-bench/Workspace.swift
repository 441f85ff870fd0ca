import ReceiptKit
import ReceiptSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A temporary directory for the bench's files, removed at the end.
struct Workspace {
    let root: String

    init() throws(Subprocess.RunError) {
        let made = "/tmp/receipt-bench-\(UUID().uuidString)"
        do {
            try FileManager.default.createDirectory(
                atPath: made, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Subprocess.RunError(description: "cannot make a temporary directory: \(error)")
        }
        root = made
    }

    func path(_ relative: String) -> String {
        root + "/" + relative
    }

    func write(_ bytes: [UInt8], to relative: String) throws(Subprocess.RunError) {
        let descriptor: FileDescriptor
        switch FileDescriptor.create(path(relative)) {
        case .success(let created): descriptor = created
        case .failure(let error):
            throw Subprocess.RunError(description: "cannot write \(path(relative)): \(error.message)")
        }
        defer { descriptor.close() }
        if let error = descriptor.write(bytes) {
            throw Subprocess.RunError(description: "cannot write \(path(relative)): \(error.message)")
        }
    }

    func remove() {
        _ = try? Subprocess.run(["rm", "-rf", root])
    }
}
