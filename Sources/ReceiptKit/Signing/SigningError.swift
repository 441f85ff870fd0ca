/// Why a signature for the App Store was not made: the key, or a value the signature would carry.
public struct SigningError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was refused: the key, a value to sign, or OpenSSL's signing.
    public enum Kind: Sendable, Equatable {
        /// The key is no PEM block, or its block ends early (a truncated file).
        case keyNotPEM
        /// The key is encrypted; App Store Connect issues `.p8` keys unencrypted.
        case keyEncrypted
        /// The key is PEM, but not an unencrypted PKCS#8 `PRIVATE KEY` (for example SEC1's
        /// `EC PRIVATE KEY`), or its DER does not decode.
        case keyNotPKCS8
        /// The key is not on the P-256 curve that ES256 and Apple's offer signatures use.
        case keyNotP256
        /// A value the signature carries is missing or malformed (an identifier, a UUID, the request).
        case invalidValue
        /// OpenSSL failed to sign: nothing a caller gave causes this.
        case signingFailed
    }

    /// What kind of failure; ``isKeyError`` says whether it is the key's.
    public let kind: Kind
    /// What is wrong, naming the value but never showing the key.
    public let message: String

    /// An error of `kind`, saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// Whether the key itself was refused, rather than a value to sign.
    public var isKeyError: Bool {
        switch kind {
        case .keyNotPEM, .keyEncrypted, .keyNotPKCS8, .keyNotP256: true
        case .invalidValue, .signingFailed: false
        }
    }

    public var description: String { message }
}
