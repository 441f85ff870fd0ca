/// One certificate of a test PKI with its private key, as PEM bytes.
///
/// Plain bytes rather than OpenSSL objects, so the value is `Sendable` and outlives any
/// OpenSSL call; the signer parses them again when it needs them.
public struct TestCredential: Sendable, Equatable {
    public let certificatePEM: [UInt8]
    public let certificateDER: [UInt8]
    /// Unencrypted PKCS#8: a test key is meant to be handed around, never trusted.
    public let privateKeyPEM: [UInt8]

    public init(certificatePEM: [UInt8], certificateDER: [UInt8], privateKeyPEM: [UInt8]) {
        self.certificatePEM = certificatePEM
        self.certificateDER = certificateDER
        self.privateKeyPEM = privateKeyPEM
    }
}
