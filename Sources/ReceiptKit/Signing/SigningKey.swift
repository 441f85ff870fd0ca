internal import CReceipt

/// An App Store Connect signing key: the EC P-256 private key of a `.p8` file (unencrypted PKCS#8
/// PEM), as the offer and Advanced Commerce signatures need it.
///
/// Only keys of that one shape are taken: an encrypted key, SEC1's `EC PRIVATE KEY`, a key on
/// another curve or a truncated file are refused with ``SigningError`` rather than guessed at, and no
/// message shows the key's bytes. Shared across threads once made (each signature takes its own
/// OpenSSL context), hence `@unchecked Sendable`.
public final class SigningKey: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Reads the contents of a `.p8` file.
    public init(pkcs8PEM pem: [UInt8]) throws(SigningError) {
        OpenSSLError.drainQueue()
        let block = try Self.block(pem)
        let decoded = block.der.withUnsafeBytes { bytes -> OpaquePointer? in
            guard let base = bytes.baseAddress else { return nil }
            return CReceipt_d2i_PKCS8_private_key(base, bytes.count)
        }
        guard let decoded else {
            OpenSSLError.drainQueue()
            throw SigningError(.keyNotPKCS8, "the key's PKCS#8 PrivateKeyInfo does not decode (a damaged .p8 file?)")
        }
        let type = EVP_PKEY_get0_type_name(decoded).map { String(cString: $0) } ?? "unknown"
        guard type == "EC", PublicKey.curveName(of: decoded) == "prime256v1" else {
            let bits = EVP_PKEY_get_bits(decoded)
            EVP_PKEY_free(decoded)
            throw SigningError(
                .keyNotP256, "the key is \(type)-\(bits), not EC P-256 as App Store Connect keys are")
        }
        pointer = decoded
    }

    deinit {
        EVP_PKEY_free(pointer)
    }

    /// ECDSA with SHA-256 over `message`, as OpenSSL returns it: a DER `ECDSA-Sig-Value`.
    func derSignature(over message: [UInt8]) throws(SigningError) -> [UInt8] {
        do throws(OpenSSLError) {
            return try ECDSASigner.derSignature(over: message, key: pointer)
        } catch {
            throw SigningError(.signingFailed, error.description)
        }
    }

    /// Whether `signature` (DER) is this key's ECDSA P-256 SHA-256 signature over `message`.
    func verifies(derSignature signature: [UInt8], over message: [UInt8]) -> Bool {
        guard EVP_PKEY_up_ref(pointer) == 1 else { return false }
        let key = PublicKey(owning: pointer)
        let valid = (try? key.verify(signature: signature[...], over: message[...], digest: .sha256)) ?? false
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
