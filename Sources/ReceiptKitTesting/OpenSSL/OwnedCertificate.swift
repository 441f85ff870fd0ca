internal import CReceipt
import ReceiptKit

/// Owns one `X509` being built or issued from (the test PKI), and frees it when the last
/// reference goes. Reading certificates is `Certificate`'s job; this type exists because a
/// certificate under construction is mutated, which `Certificate` never is. Sound: the X509 is given in
/// `init` and freed only in `deinit`; what is read out of it is copied before the call returns.
@safe final class OwnedCertificate {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        unsafe self.pointer = unsafe pointer
    }

    /// Reads a certificate, DER or PEM, e.g. a loaded root that issues new certificates.
    convenience init(derOrPEM bytes: [UInt8]) throws(OpenSSLError) {
        // `Certificate` reads both forms (and PEM after leading text) and keeps its X509 to itself;
        // its DER parsed again gives one this type owns.
        let der = try Certificate(derOrPEM: bytes).der
        guard let pointer = unsafe der.withUnsafeBytes({ unsafe CReceipt_d2i_X509($0.baseAddress, $0.count) }) else {
            throw OpenSSLError.drain("reading a certificate")
        }
        unsafe self.init(pointer)
    }

    deinit {
        unsafe X509_free(pointer)
    }

    func pem() throws(OpenSSLError) -> [UInt8] {
        let bio = try OwnedBIO.memory()
        guard unsafe PEM_write_bio_X509(bio.pointer, pointer) == 1 else {
            throw OpenSSLError.drain("writing a PEM certificate")
        }
        return try bio.contents()
    }

    func der() throws(OpenSSLError) -> [UInt8] {
        let bio = try OwnedBIO.memory()
        guard unsafe i2d_X509_bio(bio.pointer, pointer) == 1 else {
            throw OpenSSLError.drain("writing a DER certificate")
        }
        return try bio.contents()
    }

    /// The serial number in upper-case hex, as OpenSSL's CA database writes it.
    func serialHex() throws(OpenSSLError) -> String {
        // get0: the serial belongs to the certificate `self` keeps alive; the BIGNUM and the hex string are
        // ours, freed by the defers after the string is copied.
        guard let serial = unsafe X509_get0_serialNumber(pointer), let number = unsafe ASN1_INTEGER_to_BN(serial, nil)
        else {
            throw OpenSSLError.drain("reading the serial number")
        }
        defer { unsafe BN_free(number) }
        guard let hex = unsafe BN_bn2hex(number) else {
            throw OpenSSLError.drain("writing the serial number")
        }
        defer { unsafe CReceipt_OPENSSL_free(hex) }
        return unsafe String(cString: hex)
    }
}
