internal import CReceipt

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One answer of a basic OCSP response, for the certificate ID asked about, copied out of OpenSSL's objects.
struct OCSPAnswer {
    /// What the responder says of the certificate.
    enum Status {
        case good
        case revoked
        case unknown
    }

    let status: Status
    let reason: String?
    let revocationTime: Date?
    let thisUpdate: Date?
    let nextUpdate: Date?

    /// The answer in `basic` for `id`, nil when none; its times belong to `basic` and are read before returning.
    @unsafe init?(_ basic: OpaquePointer, _ id: OCSPCertificateID) {
        var status: Int32 = -1
        var reasonCode: Int32 = -1
        var revoked: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var this: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var next: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        guard
            unsafe OCSP_resp_find_status(basic, id.pointer, &status, &reasonCode, &revoked, &this, &next) == 1
        else {
            return nil
        }
        switch status {
        case Int32(V_OCSP_CERTSTATUS_GOOD): self.status = .good
        case Int32(V_OCSP_CERTSTATUS_REVOKED): self.status = .revoked
        default: self.status = .unknown
        }
        // OCSP_crl_reason_str returns a static, terminated string.
        reason = reasonCode >= 0 ? unsafe OCSP_crl_reason_str(Int(reasonCode)).map { unsafe String(cString: $0) } : nil
        revocationTime = unsafe Certificate.date(revoked.map { unsafe UnsafePointer($0) })
        thisUpdate = unsafe Certificate.date(this.map { unsafe UnsafePointer($0) })
        nextUpdate = unsafe Certificate.date(next.map { unsafe UnsafePointer($0) })
    }
}
