internal import CReceipt
import ReceiptKit

/// Owns one `X509` being built or issued from, which `Certificate` never mutates. Sound: given in `init`,
/// freed only in `deinit`; what is read out of it is copied before the call returns.
@safe final class OwnedCertificate {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        unsafe self.pointer = unsafe pointer
    }

    /// Reads a certificate, DER or PEM, e.g. a loaded root that issues new certificates.
    convenience init(derOrPEM bytes: [UInt8]) throws(OpenSSLError) {
        // `Certificate` reads every form; its DER parsed again gives one this type owns.
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
        // get0: the serial is the certificate's, alive with `self`; the BIGNUM and hex are freed by the defers.
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
