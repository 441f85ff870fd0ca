/// A test PKI file that could not be read, written or understood.
public struct TestPKIFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong with the file.
    public enum Kind: Sendable, Equatable {
        /// It could not be read.
        case unreadable
        /// It (or its directory) could not be written.
        case unwritable
        /// Read, but not a certificate or key OpenSSL can use.
        case invalid
    }

    /// What went wrong.
    public let kind: Kind
    /// The file or directory concerned.
    public let path: String
    /// Why, in a few words (the system's or OpenSSL's).
    public let reason: String

    /// The path, then the reason.
    public var description: String { "\(path): \(reason)" }
}
