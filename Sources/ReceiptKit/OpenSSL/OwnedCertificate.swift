import CReceipt

/// Owns one `X509` and frees it when the last reference goes.
final class OwnedCertificate {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        X509_free(pointer)
    }

    static func fromPEM(_ pem: [UInt8]) throws(OpenSSLError) -> OwnedCertificate {
        guard pem.count <= Int(Int32.max) else {
            throw OpenSSLError(operation: "reading a PEM certificate", reasons: ["input too large"])
        }
        let cert = pem.withUnsafeBytes { CReceipt_PEM_read_X509($0.baseAddress, Int32($0.count)) }
        guard let cert else {
            throw OpenSSLError.drain("reading a PEM certificate")
        }
        return OwnedCertificate(cert)
    }

    static func fromDER(_ der: [UInt8]) throws(OpenSSLError) -> OwnedCertificate {
        let cert = der.withUnsafeBytes { CReceipt_d2i_X509($0.baseAddress, $0.count) }
        guard let cert else {
            throw OpenSSLError.drain("reading a DER certificate")
        }
        return OwnedCertificate(cert)
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

    /// Whether the certificate carries an extension with this dotted OID, critical or not.
    func hasExtension(oid: String) throws(OpenSSLError) -> Bool {
        guard let object = OBJ_txt2obj(oid, 1) else {
            throw OpenSSLError.drain("parsing the OID \(oid)")
        }
        defer { ASN1_OBJECT_free(object) }
        return X509_get_ext_by_OBJ(pointer, object, -1) >= 0
    }
}

extension OwnedCertificate {
    /// The subject name's DER encoding, for comparing names byte for byte.
    func subjectDER() throws(OpenSSLError) -> [UInt8] {
        guard let name = X509_get_subject_name(pointer) else {
            throw OpenSSLError.drain("reading the subject name")
        }
        var der: UnsafePointer<UInt8>? = nil
        var length = 0
        guard X509_NAME_get0_der(name, &der, &length) == 1, let der, length >= 0 else {
            throw OpenSSLError.drain("encoding the subject name")
        }
        return Array(UnsafeBufferPointer(start: der, count: length))
    }
}
