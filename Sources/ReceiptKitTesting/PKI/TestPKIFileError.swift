/// A test PKI file that could not be read, written or understood.
public struct TestPKIFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case unreadable
        case unwritable
        /// Read, but not a certificate or key OpenSSL can use.
        case invalid
    }

    public let kind: Kind
    public let path: String
    public let reason: String

    public var description: String { "\(path): \(reason)" }
}
