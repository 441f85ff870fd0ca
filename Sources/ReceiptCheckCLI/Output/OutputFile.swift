import ReceiptKit
import ReceiptSystem

/// Writes a whole output file and says which step failed: a file that cannot be created exits 73, a failed
/// write or close 74, as standard output does.
enum OutputFile {
    struct WriteError: Error {
        let status: ExitStatus
        let message: String
    }

    static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let descriptor: FileDescriptor
        switch FileDescriptor.create(path) {
        case .success(let created): descriptor = created
        case .failure(let error):
            throw WriteError(status: .cantCreate, message: "\(path): cannot create: \(error.message)")
        }
        let written = descriptor.write(bytes)
        // close can report a deferred write error (NFS, quotas): it counts as a failed write.
        let closed = descriptor.close()
        if let failure = written ?? closed {
            throw WriteError(status: .ioError, message: "\(path): cannot write: \(failure.message)")
        }
    }
}
