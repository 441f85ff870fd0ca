internal import CReceipt

/// A public key taken from a certificate; checks signatures made with its private key.
///
/// Shared read-only across threads once made (OpenSSL keys are safe for concurrent
/// verification), hence `@unchecked Sendable`.
package final class PublicKey: @unchecked Sendable {
    let pointer: OpaquePointer

    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_free(pointer)
    }

    /// `"RSA-2048"`, `"EC-256"`, ... for reports.
    package var summary: String {
        let bits = EVP_PKEY_get_bits(pointer)
        let name = EVP_PKEY_get0_type_name(pointer).map { String(cString: $0) } ?? "key"
        return "\(name)-\(bits)"
    }

    /// The named curve of an EC key as OpenSSL names it (`prime256v1` for P-256), nil for other keys.
    package var curveName: String? {
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(pointer, &name, name.count, &length) == 1, length < name.count else {
            OpenSSLError.drainQueue()
            return nil
        }
        return String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Checks `signature` over `message` hashed with `digest` (PKCS#1 v1.5 for RSA, DER
    /// ECDSA-Sig-Value for EC keys).
    ///
    /// Returns false for a signature that does not match; throws only when the check itself
    /// could not be made, so a caller can tell a forgery from a broken setup.
    package func verify(
        signature: ArraySlice<UInt8>, over message: ArraySlice<UInt8>, digest: Digest
    ) throws(OpenSSLError) -> Bool {
        // A NULL digest would make OpenSSL check with the key's default digest instead.
        guard let algorithm = digest.algorithm else {
            throw OpenSSLError(
                operation: "fetching \(digest.name)", reasons: ["this OpenSSL offers no \(digest.name) digest"],
                codes: digest.fetchFailure)
        }
        guard let context = EVP_MD_CTX_new() else {
            throw OpenSSLError.drain("allocating a digest context")
        }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, algorithm, nil, pointer) == 1 else {
            throw OpenSSLError.drain("starting a \(digest.name) signature check with a \(summary) key")
        }
        let result = signature.withUnsafeBufferPointer { signatureBytes in
            message.withUnsafeBufferPointer { messageBytes in
                EVP_DigestVerify(
                    context, signatureBytes.baseAddress, signatureBytes.count, messageBytes.baseAddress,
                    messageBytes.count)
            }
        }
        if result == 1 {
            return true
        }
        // A mismatch leaves reasons on the queue that say nothing the caller needs; a digest
        // refused by policy is no mismatch, and the caller must be able to tell.
        let failure = OpenSSLError.drain("checking a \(digest.name) signature with a \(summary) key")
        if failure.refusesDigest {
            throw failure
        }
        return false
    }
}
