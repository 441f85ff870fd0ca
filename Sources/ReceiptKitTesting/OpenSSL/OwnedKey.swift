internal import CReceipt
import ReceiptKit

/// Owns one `EVP_PKEY` and frees it when the last reference goes.
final class OwnedKey {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_free(pointer)
    }

    /// A fresh RSA key pair.
    static func generateRSA(bits: Int) throws(OpenSSLError) -> OwnedKey {
        guard bits > 0, let key = CReceipt_EVP_PKEY_Q_keygen(bits) else {
            throw OpenSSLError.drain("generating an RSA-\(bits) key")
        }
        return OwnedKey(key)
    }

    /// A fresh EC key pair on P-256, the curve of ES256.
    static func generateEC(curve: String) throws(OpenSSLError) -> OwnedKey {
        guard let key = CReceipt_EVP_PKEY_Q_keygen_EC(curve) else {
            throw OpenSSLError.drain("generating an EC \(curve) key")
        }
        return OwnedKey(key)
    }

    /// Reads an unencrypted private key in PEM form.
    static func fromPEM(_ pem: [UInt8]) throws(OpenSSLError) -> OwnedKey {
        let bio = try OwnedBIO(reading: pem)
        guard let key = PEM_read_bio_PrivateKey(bio.pointer, nil, nil, nil) else {
            throw OpenSSLError.drain("reading a PEM private key")
        }
        return OwnedKey(key)
    }

    /// The private key as unencrypted PKCS#8 PEM: test keys are meant to be handed around.
    func privateKeyPEM() throws(OpenSSLError) -> [UInt8] {
        let bio = try OwnedBIO.memory()
        guard PEM_write_bio_PrivateKey(bio.pointer, pointer, nil, nil, 0, nil, nil) == 1 else {
            throw OpenSSLError.drain("writing a PEM private key")
        }
        return try bio.contents()
    }
}
