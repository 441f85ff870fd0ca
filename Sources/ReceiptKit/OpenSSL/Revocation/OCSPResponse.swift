internal import CReceipt

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One DER OCSP response (RFC 6960), counting for nothing until its signature is verified. Sound and
/// `@unchecked Sendable`: it owns its objects, freed in `deinit`, immutable and read under the checker's lock.
@safe public final class OCSPResponse: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The signed part, when the responder answered `successful`.
    let basic: OpaquePointer?
    /// Where it came from, for reports: a URL or the caller's name for the data.
    let source: String

    /// Decodes `der`; `source` names it in reports (a file name, say).
    public init(der: [UInt8], source: String = "an OCSP response given") throws(OpenSSLError) {
        // OpenSSL reads exactly `count` bytes from the buffer, valid inside the closure, and copies what it keeps.
        let decoded = unsafe der.withUnsafeBytes { unsafe CReceipt_d2i_OCSP_RESPONSE($0.baseAddress, $0.count) }
        guard let decoded = unsafe decoded else {
            throw OpenSSLError.drain("decoding \(source) as a DER OCSP response")
        }
        unsafe pointer = decoded
        unsafe basic = unsafe OCSP_response_get1_basic(decoded)
        if unsafe basic == nil {
            OpenSSLError.drainQueue()
        }
        self.source = source
    }

    deinit {
        if let basic = unsafe basic {
            unsafe OCSP_BASICRESP_free(basic)
        }
        unsafe OCSP_RESPONSE_free(pointer)
    }

    /// The DER OpenSSL writes for it again: the fuzz oracle's second reading of what was read.
    func der() throws(OpenSSLError) -> [UInt8] {
        try unsafe openSSLDER(of: pointer, "the OCSP response", i2d_OCSP_RESPONSE)
    }

    /// The responder's own status: `successful`, or why it gave no answer (`unauthorized`...).
    var responderStatus: (successful: Bool, name: String) {
        let status = unsafe OCSP_response_status(pointer)
        // OCSP_response_status_str returns a static, terminated string.
        let name =
            unsafe OCSP_response_status_str(Int(status)).map { unsafe String(cString: $0) } ?? "status \(status)"
        return (Int(status) == Int(OCSP_RESPONSE_STATUS_SUCCESSFUL), name)
    }

    /// Whether the responder answered with a basic response (the only kind that carries statuses).
    var hasBasicResponse: Bool { unsafe basic != nil }

    /// The answer for `certificate` under either hash of its ID; nil when none. Leaves the error queue empty.
    func answer(for certificate: Certificate, issuer: Certificate) -> OCSPAnswer? {
        defer { OpenSSLError.drainQueue() }
        guard let basic = unsafe basic else { return nil }
        for hash in OCSPCertificateID.hashes {
            guard let id = try? OCSPCertificateID(certificate, issuer: issuer, hash: hash) else {
                OpenSSLError.drainQueue()
                continue
            }
            if let found = unsafe OCSPAnswer(basic, id) {
                return found
            }
        }
        return nil
    }

    /// Nil when signed by the certificate's issuer or a responder it delegated to, chaining to `chain`'s root at
    /// `now`; else why not. Sound: the store and stack are freed by `defer`s; `chain` keeps the certificates alive.
    func signatureFailure(chain: [Certificate], at now: Date) -> String? {
        guard let basic = unsafe basic else { return "no basic OCSP response" }
        guard let root = chain.last, let store = unsafe X509_STORE_new() else {
            return OpenSSLError.drain("allocating a certificate store").description
        }
        defer { unsafe X509_STORE_free(store) }
        guard unsafe X509_STORE_add_cert(store, root.pointer) == 1, let stack = unsafe CReceipt_sk_X509_new_null()
        else {
            return OpenSSLError.drain("adding the root to the store").description
        }
        defer { unsafe CReceipt_sk_X509_free(stack) }
        for certificate in chain where unsafe CReceipt_sk_X509_push(stack, certificate.pointer) <= 0 {
            return OpenSSLError.drain("collecting the chain").description
        }
        if let parameters = unsafe X509_STORE_get0_param(store) {
            unsafe X509_VERIFY_PARAM_set_time(parameters, time_t(now.timeIntervalSince1970))
        }
        guard unsafe OCSP_basic_verify(basic, stack, store, 0) == 1 else {
            return OpenSSLError.drain("verifying the OCSP response").reasons.joined(separator: "; ")
        }
        return nil
    }
}
