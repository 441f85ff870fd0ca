/// Why a signature for the App Store was not made; ``KindedError/isKeyError`` says whether the key is why.
public typealias SigningError = KindedError<SigningKey.Failure>

extension SigningKey {
    /// What was refused: the key, a value to sign, or OpenSSL's signing.
    public enum Failure: Sendable, Equatable {
        /// The key is no PEM block, or its block ends early (a truncated file).
        case keyNotPEM
        /// The key is encrypted; App Store Connect issues `.p8` keys unencrypted.
        case keyEncrypted
        /// The key is PEM but not an unencrypted PKCS#8 `PRIVATE KEY`, or its DER does not decode.
        case keyNotPKCS8
        /// The key is not on the P-256 curve that ES256 and Apple's offer signatures use.
        case keyNotP256
        /// A value the signature carries is missing or malformed (an identifier, a UUID, the request).
        case invalidValue
        /// OpenSSL failed to sign: nothing a caller gave causes this.
        case signingFailed
    }
}

extension KindedError where Kind == SigningKey.Failure {
    /// Whether the key itself was refused, rather than a value to sign.
    public var isKeyError: Bool {
        switch kind {
        case .keyNotPEM, .keyEncrypted, .keyNotPKCS8, .keyNotP256: true
        case .invalidValue, .signingFailed: false
        }
    }
}
