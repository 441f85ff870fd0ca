internal import CReceipt

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An X.509 certificate decoded by OpenSSL, cached per chain and shared across threads: `@unchecked
/// Sendable` and sound, since the X509 is immutable, freed only in `deinit`, and no pointer outlives a call.
@safe public final class Certificate: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The exact DER bytes it was decoded from.
    public let der: [UInt8]
    /// The DER of the issuer Name and the serial's contents, as a PKCS#7 signer identifier names them.
    let issuerDER: ArraySlice<UInt8>
    let serialContents: ArraySlice<UInt8>
    /// The subject as `CN=..., OU=..., O=..., C=...`; names, validity and fingerprint are read once, here.
    public let subject: String
    /// The issuer, written as `subject` is.
    public let issuer: String
    /// The subject's common name, if it has one.
    public let commonName: String?
    /// The start of the validity period; nil if OpenSSL cannot read it.
    public let notBefore: Date?
    /// The end of the validity period; nil if OpenSSL cannot read it.
    public let notAfter: Date?
    /// SHA-256 of the DER encoding, lowercase hex.
    public let fingerprint: String

    /// Decodes a DER certificate; every byte must belong to it.
    public init(der: [UInt8]) throws(OpenSSLError) {
        let decoded = unsafe der.withUnsafeBytes { unsafe CReceipt_d2i_X509($0.baseAddress, $0.count) }
        guard let decoded = unsafe decoded else {
            throw OpenSSLError.drain("decoding a DER certificate")
        }
        unsafe pointer = unsafe decoded
        self.der = der
        (issuerDER, serialContents) = Self.issuerAndSerial(der)
        subject = unsafe Self.text(of: X509_get_subject_name(decoded))
        issuer = unsafe Self.text(of: X509_get_issuer_name(decoded))
        commonName = subject.split(separator: ",").lazy.map { $0.trimmingPrefix(" ") }
            .first { $0.hasPrefix("CN=") }.map { String($0.dropFirst(3)) }
        notBefore = unsafe Self.date(X509_get0_notBefore(decoded))
        notAfter = unsafe Self.date(X509_get0_notAfter(decoded))
        fingerprint = (try? Digest.sha256.hash(der[...]).hexString) ?? ""
    }

    /// Issuer and serial from the DER OpenSSL accepted; an empty pair (matching no signer) if that fails.
    private static func issuerAndSerial(_ der: [UInt8]) -> (ArraySlice<UInt8>, ArraySlice<UInt8>) {
        do {
            var outer = ASN1Reader(der)
            var certificate = try outer.children(of: outer.read(ASN1Tag.sequence, "certificate"))
            var tbs = try outer.children(of: certificate.read(ASN1Tag.sequence, "tbs"))
            _ = try tbs.readIfPresent(ASN1Tag.contextConstructed(0))
            let serial = try tbs.read(ASN1Tag.integer, "serial")
            _ = try tbs.read(ASN1Tag.sequence, "signature algorithm")
            let issuer = try tbs.read(ASN1Tag.sequence, "issuer")
            return (der[issuer.encoded], der[serial.contents])
        } catch {
            return ([], [])
        }
    }

    /// The subject name's DER encoding, for comparing names byte for byte.
    func subjectDER() throws(OpenSSLError) -> [UInt8] {
        guard let name = unsafe X509_get_subject_name(pointer) else {
            throw OpenSSLError.drain("reading the subject name")
        }
        var der: UnsafePointer<UInt8>? = nil
        var length = 0
        guard unsafe X509_NAME_get0_der(name, &der, &length) == 1, let der = unsafe der, length >= 0 else {
            throw OpenSSLError.drain("encoding the subject name")
        }
        return unsafe Array(UnsafeBufferPointer(start: der, count: length))
    }

    /// The subject key identifier extension's value, for signers identified by key.
    var subjectKeyIdentifier: ArraySlice<UInt8>? {
        guard let identifier = unsafe X509_get0_subject_key_id(pointer),
            let data = unsafe ASN1_STRING_get0_data(identifier)
        else { return nil }
        return unsafe Array(UnsafeBufferPointer(start: data, count: Int(ASN1_STRING_length(identifier))))[...]
    }

    /// Reads a certificate from DER or PEM bytes (a root or StoreKit Testing certificate file).
    public convenience init(derOrPEM bytes: [UInt8]) throws(OpenSSLError) {
        let pemMarker = Array("-----BEGIN".utf8)
        guard let start = bytes.firstRange(of: pemMarker)?.lowerBound else {
            try self.init(der: bytes)
            return
        }
        let pem = Array(bytes[start...])
        let decoded = unsafe pem.withUnsafeBytes {
            unsafe CReceipt_PEM_read_X509($0.baseAddress, Int32(clamping: $0.count))
        }
        guard let decoded = unsafe decoded else {
            throw OpenSSLError.drain("reading a PEM certificate")
        }
        defer { unsafe X509_free(decoded) }
        try self.init(der: unsafe openSSLDER(of: decoded, "a PEM certificate again", i2d_X509))
    }

    deinit {
        unsafe X509_free(pointer)
    }

    /// Whether subject and issuer are the same name (a root, or a StoreKit Testing certificate).
    public var isSelfIssued: Bool {
        unsafe X509_NAME_cmp(X509_get_subject_name(pointer), X509_get_issuer_name(pointer)) == 0
    }

    /// Whether the certificate carries an extension with this dotted OID.
    public func hasExtension(_ oid: String) -> Bool {
        guard let object = unsafe OBJ_txt2obj(oid, 1) else {
            OpenSSLError.drainQueue()
            return false
        }
        defer { unsafe ASN1_OBJECT_free(object) }
        return unsafe X509_get_ext_by_OBJ(pointer, object, -1) >= 0
    }

    /// The public key, for checking signatures made with it.
    package func publicKey() throws(OpenSSLError) -> PublicKey {
        guard let key = unsafe X509_get_pubkey(pointer) else {
            throw OpenSSLError.drain("reading the certificate's public key")
        }
        return unsafe PublicKey(owning: key)
    }

    private static func text(of name: OpaquePointer?) -> String {
        guard let name = unsafe name, let bio = unsafe BIO_new(BIO_s_mem()) else { return "" }
        defer { unsafe BIO_free(bio) }
        guard unsafe X509_NAME_print_ex(bio, name, 0, CReceipt_name_print_flags()) >= 0 else {
            OpenSSLError.drainQueue()
            return ""
        }
        var data: UnsafeRawPointer?
        let length = unsafe CReceipt_BIO_get_mem_data(bio, &data)
        guard length > 0, let data = unsafe data else { return "" }
        return unsafe String(decoding: UnsafeRawBufferPointer(start: data, count: Int(length)), as: UTF8.self)
    }

    /// An ASN.1 time as a date (nil when absent or unreadable).
    static func date(_ time: UnsafePointer<ASN1_TIME>?) -> Date? {
        guard let time = unsafe time else { return nil }
        var parts = unsafe tm()
        guard unsafe ASN1_TIME_to_tm(time, &parts) == 1 else {
            OpenSSLError.drainQueue()
            return nil
        }
        return unsafe Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }
}
