internal import CReceipt

/// The OCSP certificate ID (issuer name and key hashes, serial) of one certificate: what a request asks
/// about and what a response's answer must name.
final class OCSPCertificateID {
    let pointer: OpaquePointer

    /// The ID of `certificate` under `issuer`, hashed with `digest` (SHA-1, as responders expect, or SHA-256).
    init(_ certificate: Certificate, issuer: Certificate, digest: OpaquePointer?) throws(OpenSSLError) {
        guard let id = OCSP_cert_to_id(digest, certificate.pointer, issuer.pointer) else {
            throw OpenSSLError.drain("making the OCSP certificate ID")
        }
        pointer = id
    }

    deinit {
        OCSP_CERTID_free(pointer)
    }

    /// The hashes responders are asked with, in the order tried: SHA-1 (RFC 5019) and SHA-256.
    static var digests: [OpaquePointer?] { [EVP_sha1(), EVP_sha256()] }
}
