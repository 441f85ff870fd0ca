internal import CReceipt

/// The OCSP certificate ID of one certificate, made in `init` and freed only in `deinit`.
@safe final class OCSPCertificateID {
    let pointer: OpaquePointer

    /// The hash of the issuer's name and key an ID carries.
    enum Hash: CaseIterable {
        case sha1
        case sha256
    }

    /// The ID of `certificate` under `issuer`, hashed with `hash` (SHA-1, as responders expect, or SHA-256).
    init(_ certificate: Certificate, issuer: Certificate, hash: Hash) throws(OpenSSLError) {
        // EVP_sha1 and EVP_sha256 return static objects; both certificates outlive the call.
        let digest = unsafe hash == .sha1 ? EVP_sha1() : EVP_sha256()
        guard let id = unsafe OCSP_cert_to_id(digest, certificate.pointer, issuer.pointer) else {
            throw OpenSSLError.drain("making the OCSP certificate ID")
        }
        unsafe pointer = id
    }

    deinit {
        unsafe OCSP_CERTID_free(pointer)
    }

    /// The hashes responders are asked with, in the order tried: SHA-1 (RFC 5019) and SHA-256.
    static let hashes: [Hash] = [.sha1, .sha256]
}
