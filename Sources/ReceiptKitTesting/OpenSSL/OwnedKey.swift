internal import CReceipt
import ReceiptKit

/// Owns one `EVP_PKEY` and frees it when the last reference goes. Sound: the key is given in `init` and
/// freed only in `deinit`, and no pointer to it outlives a call of the minting code.
@safe final class OwnedKey {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        unsafe self.pointer = unsafe pointer
    }

    deinit {
        unsafe EVP_PKEY_free(pointer)
    }

    /// A fresh RSA key pair.
    static func generateRSA(bits: Int) throws(OpenSSLError) -> OwnedKey {
        guard bits > 0, let key = unsafe CReceipt_EVP_PKEY_Q_keygen(bits) else {
            throw OpenSSLError.drain("generating an RSA-\(bits) key")
        }
        return unsafe OwnedKey(key)
    }

    /// A fresh EC key pair on P-256, the curve of ES256.
    static func generateEC(curve: String) throws(OpenSSLError) -> OwnedKey {
        guard let key = unsafe CReceipt_EVP_PKEY_Q_keygen_EC(curve) else {
            throw OpenSSLError.drain("generating an EC \(curve) key")
        }
        return unsafe OwnedKey(key)
    }

    /// Reads an unencrypted private key in PEM form.
    static func fromPEM(_ pem: [UInt8]) throws(OpenSSLError) -> OwnedKey {
        let bio = try OwnedBIO(reading: pem)
        guard let key = unsafe PEM_read_bio_PrivateKey(bio.pointer, nil, nil, nil) else {
            throw OpenSSLError.drain("reading a PEM private key")
        }
        return unsafe OwnedKey(key)
    }

    /// The private key as unencrypted PKCS#8 PEM: test keys are meant to be handed around.
    func privateKeyPEM() throws(OpenSSLError) -> [UInt8] {
        let bio = try OwnedBIO.memory()
        guard unsafe PEM_write_bio_PrivateKey(bio.pointer, pointer, nil, nil, 0, nil, nil) == 1 else {
            throw OpenSSLError.drain("writing a PEM private key")
        }
        return try bio.contents()
    }

    /// OpenSSL's name for the key's type: `EC`, `RSA`...
    var typeName: String {
        // get0_type_name returns a string the key owns, copied here while `self` keeps it alive.
        unsafe EVP_PKEY_get0_type_name(pointer).map { unsafe String(cString: $0) } ?? "?"
    }

    /// The key's size in bits.
    var bits: Int32 { unsafe EVP_PKEY_get_bits(pointer) }

    /// ECDSA with SHA-256 over `message` (an EC key), as OpenSSL returns it: a DER `ECDSA-Sig-Value`.
    func derSignature(over message: [UInt8]) throws(OpenSSLError) -> [UInt8] {
        // The key lives as long as `self`, for the whole call.
        try unsafe ECDSASigner.derSignature(over: message, key: pointer)
    }
}
