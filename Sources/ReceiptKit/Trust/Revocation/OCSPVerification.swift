internal import CReceipt

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one OCSP response proves about one certificate: nothing until the responder answered
/// `successful`, the response's signature verifies to the chain's root by the certificate's issuer or
/// a responder it delegated to, its answer names this certificate, a nonce sent comes back, and
/// thisUpdate and nextUpdate frame the moment checked.
enum OCSPVerification {
    /// The status `response` proves for `certificate` (issued by `issuer`, of `chain`, leaf first and
    /// root last) at `now`; nil when the response does not speak of the certificate at all. `request` is
    /// the one sent, whose nonce must come back when the response carries one.
    static func status(
        of response: OCSPResponse, for certificate: Certificate, issuer: Certificate, chain: [Certificate],
        request: OCSPRequest? = nil, at now: Date
    ) -> RevocationStatus? {
        let source = response.source
        let responder = response.responderStatus
        guard responder.successful else {
            return .unproven("\(source) answered \"\(responder.name)\", not a status")
        }
        guard let basic = response.basic else {
            return .unproven("\(source) holds no basic OCSP response")
        }
        if let request, OCSP_check_nonce(request.pointer, basic) == 0 {
            return .unproven("\(source) does not echo the nonce sent (a replayed or forged answer)")
        }
        var answer: Answer?
        for digest in OCSPCertificateID.digests {
            guard let id = try? OCSPCertificateID(certificate, issuer: issuer, digest: digest) else {
                OpenSSLError.drainQueue()
                continue
            }
            if let found = Answer(basic, id) {
                answer = found
                break
            }
        }
        OpenSSLError.drainQueue()
        guard let answer else {
            return request == nil ? nil : .unproven("\(source) does not answer for this certificate")
        }
        if let failure = verifySignature(basic, chain: chain, at: now) {
            return .unproven("\(source) is not signed by the issuer or its responder: \(failure)")
        }
        guard let thisUpdate = answer.thisUpdate else {
            return .unproven("\(source) has an unreadable thisUpdate")
        }
        guard thisUpdate <= now.addingTimeInterval(OnlineChecks.clockSkew) else {
            return .unproven("\(source) is from the future (thisUpdate \(format(thisUpdate)))")
        }
        // Without nextUpdate a response proves the status only at the time it was made.
        let expiry = answer.nextUpdate ?? thisUpdate.addingTimeInterval(OnlineChecks.clockSkew)
        guard now <= expiry.addingTimeInterval(answer.nextUpdate == nil ? 0 : OnlineChecks.clockSkew) else {
            return .unproven("\(source) is stale (valid until \(format(expiry)))")
        }
        switch answer.status {
        case Int32(V_OCSP_CERTSTATUS_GOOD):
            return .good(until: answer.nextUpdate, source: source)
        case Int32(V_OCSP_CERTSTATUS_REVOKED):
            return .revoked(at: answer.revocationTime, reason: answer.reason, source: source)
        default:
            return .unproven("\(source) does not know the certificate (status unknown)")
        }
    }

    /// One answer of a basic response, for the certificate ID asked about.
    private struct Answer {
        let status: Int32
        let reason: String?
        let revocationTime: Date?
        let thisUpdate: Date?
        let nextUpdate: Date?

        init?(_ basic: OpaquePointer, _ id: OCSPCertificateID) {
            var status: Int32 = -1
            var reasonCode: Int32 = -1
            var revoked: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
            var this: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
            var next: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
            guard OCSP_resp_find_status(basic, id.pointer, &status, &reasonCode, &revoked, &this, &next) == 1 else {
                return nil
            }
            self.status = status
            reason = reasonCode >= 0 ? OCSP_crl_reason_str(Int(reasonCode)).map { String(cString: $0) } : nil
            revocationTime = Certificate.date(revoked.map { UnsafePointer($0) })
            thisUpdate = Certificate.date(this.map { UnsafePointer($0) })
            nextUpdate = Certificate.date(next.map { UnsafePointer($0) })
        }
    }

    /// Nil when `basic` is signed by the issuer of the certificate it answers for, or by a responder that
    /// issuer delegated to (id-kp-OCSPSigning), chaining to `chain`'s root at `now`; else why not.
    private static func verifySignature(_ basic: OpaquePointer, chain: [Certificate], at now: Date) -> String? {
        guard let root = chain.last, let store = X509_STORE_new() else {
            return OpenSSLError.drain("allocating a certificate store").description
        }
        defer { X509_STORE_free(store) }
        guard X509_STORE_add_cert(store, root.pointer) == 1, let stack = CReceipt_sk_X509_new_null() else {
            return OpenSSLError.drain("adding the root to the store").description
        }
        defer { CReceipt_sk_X509_free(stack) }
        for certificate in chain where CReceipt_sk_X509_push(stack, certificate.pointer) <= 0 {
            return OpenSSLError.drain("collecting the chain").description
        }
        if let parameters = X509_STORE_get0_param(store) {
            X509_VERIFY_PARAM_set_time(parameters, time_t(now.timeIntervalSince1970))
        }
        guard OCSP_basic_verify(basic, stack, store, 0) == 1 else {
            return OpenSSLError.drain("verifying the OCSP response").reasons.joined(separator: "; ")
        }
        return nil
    }

    static func format(_ date: Date) -> String {
        RFC3339.format(date) ?? "\(date)"
    }
}
