internal import CReceipt

/// Owns one `X509` being built or issued from (the test PKI), and frees it when the last
/// reference goes. Reading certificates is `Certificate`'s job; this type exists because a
/// certificate under construction is mutated, which `Certificate` never is.
final class OwnedCertificate {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Shares an existing certificate, e.g. a loaded root that issues new certificates.
    init(sharing certificate: Certificate) {
        X509_up_ref(certificate.pointer)
        pointer = certificate.pointer
    }

    deinit {
        X509_free(pointer)
    }

    func pem() throws(OpenSSLError) -> [UInt8] {
        let bio = try OwnedBIO.memory()
        guard PEM_write_bio_X509(bio.pointer, pointer) == 1 else {
            throw OpenSSLError.drain("writing a PEM certificate")
        }
        return try bio.contents()
    }

    func der() throws(OpenSSLError) -> [UInt8] {
        let bio = try OwnedBIO.memory()
        guard i2d_X509_bio(bio.pointer, pointer) == 1 else {
            throw OpenSSLError.drain("writing a DER certificate")
        }
        return try bio.contents()
    }
}
