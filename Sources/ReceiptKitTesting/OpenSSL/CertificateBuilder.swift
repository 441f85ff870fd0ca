internal import CReceipt
import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Builds and signs one X.509 v3 certificate for the test PKI. Sound: every OpenSSL object it makes is owned
/// by an `Owned*` value or freed by a `defer`, and the ones it reads belong to owners alive for the call.
struct CertificateBuilder {
    let subject: OwnedName
    let subjectKey: OwnedKey
    let notBefore: Date
    let notAfter: Date

    /// Creates the certificate, lets `extensions` add to it, signs it with SHA-256 (self-signed with no `issuer`).
    func build(
        issuer: OwnedCertificate?, issuerKey: OwnedKey,
        extensions: (CertificateBuilder, OwnedCertificate) throws(OpenSSLError) -> Void
    ) throws(OpenSSLError) -> OwnedCertificate {
        guard let pointer = unsafe X509_new() else {
            throw OpenSSLError.drain("creating a certificate")
        }
        let cert = unsafe OwnedCertificate(pointer)
        guard unsafe X509_set_version(pointer, Int(X509_VERSION_3)) == 1 else {
            throw OpenSSLError.drain("setting the certificate version")
        }
        unsafe try setRandomSerial(pointer)
        unsafe try setValidity(pointer)
        guard unsafe X509_set_subject_name(pointer, subject.pointer) == 1 else {
            throw OpenSSLError.drain("setting the subject name")
        }
        let issuerName = unsafe issuer.map { unsafe X509_get_subject_name($0.pointer) } ?? subject.pointer
        guard unsafe X509_set_issuer_name(pointer, issuerName) == 1 else {
            throw OpenSSLError.drain("setting the issuer name")
        }
        guard unsafe X509_set_pubkey(pointer, subjectKey.pointer) == 1 else {
            throw OpenSSLError.drain("setting the public key")
        }
        try extensions(self, cert)
        guard unsafe X509_sign(pointer, issuerKey.pointer, EVP_sha256()) > 0 else {
            throw OpenSSLError.drain("signing the certificate")
        }
        return cert
    }

    /// Adds a standard extension written the openssl.cnf way ("critical,CA:TRUE").
    func addExtension(nid: Int32, _ value: String, to cert: OwnedCertificate, issuer: OwnedCertificate)
        throws(OpenSSLError)
    {
        guard let ext = unsafe CReceipt_X509V3_EXT_nconf_nid(issuer.pointer, cert.pointer, nid, value) else {
            throw OpenSSLError.drain(
                unsafe "building the extension \(OBJ_nid2sn(nid).map { unsafe String(cString: $0) } ?? "\(nid)")")
        }
        defer { unsafe X509_EXTENSION_free(ext) }
        guard unsafe X509_add_ext(cert.pointer, ext, -1) == 1 else {
            throw OpenSSLError.drain("adding an extension")
        }
    }

    /// Adds one of Apple's marker extensions: non-critical, its value a DER NULL, as Apple's.
    func addMarker(_ oid: String, to cert: OwnedCertificate) throws(OpenSSLError) {
        guard let object = unsafe OBJ_txt2obj(oid, 1) else {
            throw OpenSSLError.drain("parsing the OID \(oid)")
        }
        defer { unsafe ASN1_OBJECT_free(object) }
        guard let value = unsafe ASN1_OCTET_STRING_new() else {
            throw OpenSSLError.drain("creating the value of extension \(oid)")
        }
        defer { unsafe ASN1_OCTET_STRING_free(value) }
        let derNull: [UInt8] = [ASN1Tag.null, 0x00]
        let set = unsafe derNull.withUnsafeBytes {
            unsafe ASN1_OCTET_STRING_set(value, $0.baseAddress, Int32($0.count))
        }
        guard set == 1 else {
            throw OpenSSLError.drain("setting the value of extension \(oid)")
        }
        guard let ext = unsafe X509_EXTENSION_create_by_OBJ(nil, object, 0, value) else {
            throw OpenSSLError.drain("building the extension \(oid)")
        }
        defer { unsafe X509_EXTENSION_free(ext) }
        guard unsafe X509_add_ext(cert.pointer, ext, -1) == 1 else {
            throw OpenSSLError.drain("adding the extension \(oid)")
        }
    }

    /// 64 random bits, top bit cleared so the INTEGER stays positive without a pad octet.
    private func setRandomSerial(_ cert: OpaquePointer) throws(OpenSSLError) {
        var serial: UInt64 = 0
        let drawn = unsafe withUnsafeMutableBytes(of: &serial) { unsafe RAND_bytes($0.baseAddress, Int32($0.count)) }
        guard drawn == 1, let field = unsafe X509_get_serialNumber(cert),
            unsafe ASN1_INTEGER_set_uint64(field, (serial & 0x7FFF_FFFF_FFFF_FFFF) | 1) == 1
        else {
            throw OpenSSLError.drain("setting a random serial number")
        }
    }

    private func setValidity(_ cert: OpaquePointer) throws(OpenSSLError) {
        for (date, isStart) in [(notBefore, true), (notAfter, false)] {
            guard let time = unsafe ASN1_TIME_set(nil, time_t(date.timeIntervalSince1970.rounded(.down))) else {
                throw OpenSSLError.drain("converting \(date) to an ASN.1 time")
            }
            defer { unsafe ASN1_TIME_free(time) }
            let set = unsafe isStart ? X509_set1_notBefore(cert, time) : X509_set1_notAfter(cert, time)
            guard set == 1 else {
                throw OpenSSLError.drain("setting the validity period")
            }
        }
    }
}
