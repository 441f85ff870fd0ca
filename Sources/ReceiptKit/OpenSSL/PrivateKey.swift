internal import CReceipt

/// A private key decoded from PKCS#8 DER. `@unchecked Sendable` and sound: immutable after `init`, each
/// signature takes its own context, and the key lives as long as `self`.
@safe final class PrivateKey: @unchecked Sendable {
    let pointer: OpaquePointer
    /// OpenSSL's name for the key's type: `EC`, `RSA`...
    let typeName: String
    /// The key's size in bits.
    let bits: Int32

    /// Decodes an unencrypted PKCS#8 PrivateKeyInfo; nil (the queue drained) when it does not decode.
    init?(pkcs8DER der: [UInt8]) {
        // OpenSSL reads exactly `count` bytes from the buffer, valid inside the closure, and copies what it keeps.
        let decoded = unsafe der.withUnsafeBytes { bytes -> OpaquePointer? in
            guard let base = bytes.baseAddress else { return nil }
            return unsafe CReceipt_d2i_PKCS8_private_key(base, bytes.count)
        }
        guard let decoded = unsafe decoded else {
            OpenSSLError.drainQueue()
            return nil
        }
        unsafe pointer = decoded
        // get0_type_name returns a string the key owns, copied here.
        typeName = unsafe EVP_PKEY_get0_type_name(decoded).map { unsafe String(cString: $0) } ?? "unknown"
        bits = unsafe EVP_PKEY_get_bits(decoded)
    }

    deinit {
        unsafe EVP_PKEY_free(pointer)
    }

    /// The named curve of an EC key (`prime256v1` for P-256), nil for other keys.
    var curveName: String? { unsafe PublicKey.curveName(of: pointer) }

    /// ECDSA with SHA-256 over `message`, as OpenSSL returns it: a DER `ECDSA-Sig-Value`.
    func derSignature(over message: [UInt8]) throws(OpenSSLError) -> [UInt8] {
        try unsafe ECDSASigner.derSignature(over: message, key: pointer)
    }

    /// The public half, for checking signatures made with the key; nil when OpenSSL cannot share it.
    func publicKey() -> PublicKey? {
        // up_ref: the PublicKey owns its own reference, freed in its deinit.
        guard unsafe EVP_PKEY_up_ref(pointer) == 1 else { return nil }
        return unsafe PublicKey(owning: pointer)
    }
}
