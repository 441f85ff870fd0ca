/// An App Store Connect signing key: the EC P-256 key of a `.p8` file (unencrypted PKCS#8 PEM). Any other
/// shape is refused with ``SigningError``, never guessed at; `@unchecked Sendable`, each signature
/// taking its own OpenSSL context.
public final class SigningKey: @unchecked Sendable {
    let key: PrivateKey

    /// Reads the contents of a `.p8` file.
    public init(pkcs8PEM pem: [UInt8]) throws(SigningError) {
        OpenSSLError.drainQueue()
        let block = try Self.block(pem)
        guard let decoded = PrivateKey(pkcs8DER: block.der) else {
            throw SigningError(.keyNotPKCS8, "the key's PKCS#8 PrivateKeyInfo does not decode (a damaged .p8 file?)")
        }
        guard decoded.typeName == "EC", decoded.curveName == "prime256v1" else {
            throw SigningError(
                .keyNotP256,
                "the key is \(decoded.typeName)-\(decoded.bits), not EC P-256 as App Store Connect keys are")
        }
        key = decoded
    }

    /// ECDSA with SHA-256 over `message`, as OpenSSL returns it: a DER `ECDSA-Sig-Value`.
    func derSignature(over message: [UInt8]) throws(SigningError) -> [UInt8] {
        do throws(OpenSSLError) {
            return try key.derSignature(over: message)
        } catch {
            throw SigningError(.signingFailed, error.description)
        }
    }

    /// Whether `signature` (DER) is this key's ECDSA P-256 SHA-256 signature over `message`.
    func verifies(derSignature signature: [UInt8], over message: [UInt8]) -> Bool {
        guard let publicKey = key.publicKey() else { return false }
        let valid = (try? publicKey.verify(signature: signature[...], over: message[...], digest: .sha256)) ?? false
        OpenSSLError.drainQueue()
        return valid
    }

    /// The one PEM block of `pem`: its label must be PKCS#8's unencrypted `PRIVATE KEY`.
    private static func block(_ pem: [UInt8]) throws(SigningError) -> PEMBlock {
        guard let block = PEMBlock(pem) else {
            throw SigningError(.keyNotPEM, "the key is no complete PEM block (an empty or truncated .p8 file?)")
        }
        switch block.label {
        case "PRIVATE KEY":
            return block
        case "ENCRYPTED PRIVATE KEY":
            throw SigningError(.keyEncrypted, "the key is encrypted; give the unencrypted .p8 App Store Connect issued")
        default:
            throw SigningError(
                .keyNotPKCS8, "the key is a PEM \"\(block.label)\", not the PKCS#8 \"PRIVATE KEY\" of a .p8 file")
        }
    }
}
