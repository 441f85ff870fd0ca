/// One certificate of a test PKI with its private key, as PEM bytes, so that it is `Sendable`.
public struct TestCredential: Sendable, Equatable {
    /// The certificate in PEM form, as `make-test-pki` writes it.
    public let certificatePEM: [UInt8]
    /// The same certificate in DER form, as a JWS header's `x5c` and a trust store take it.
    public let certificateDER: [UInt8]
    /// Unencrypted PKCS#8: a test key is meant to be handed around, never trusted.
    public let privateKeyPEM: [UInt8]

    /// A credential from its certificate (both forms) and its private key.
    public init(certificatePEM: [UInt8], certificateDER: [UInt8], privateKeyPEM: [UInt8]) {
        self.certificatePEM = certificatePEM
        self.certificateDER = certificateDER
        self.privateKeyPEM = privateKeyPEM
    }
}
