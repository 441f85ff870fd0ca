internal import CReceipt
import ReceiptKit

/// Owns one `X509` being built or issued from (the test PKI), and frees it when the last
/// reference goes. Reading certificates is `Certificate`'s job; this type exists because a
/// certificate under construction is mutated, which `Certificate` never is.
final class OwnedCertificate {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Reads a certificate, DER or PEM, e.g. a loaded root that issues new certificates.
    convenience init(derOrPEM bytes: [UInt8]) throws(OpenSSLError) {
        // `Certificate` reads both forms (and PEM after leading text) and keeps its X509 to itself;
        // its DER parsed again gives one this type owns.
        let der = try Certificate(derOrPEM: bytes).der
        guard let pointer = der.withUnsafeBytes({ CReceipt_d2i_X509($0.baseAddress, $0.count) }) else {
            throw OpenSSLError.drain("reading a certificate")
        }
        self.init(pointer)
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
