internal import CReceipt

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one CRL proves about one certificate: nothing unless the CRL names the certificate's issuer, the
/// issuer's key signed it, the issuer may sign CRLs, it covers every certificate and reason (no
/// issuing distribution point, not a delta) and thisUpdate and nextUpdate frame the moment checked.
enum CRLVerification {
    /// The status `crl` proves for `certificate` (issued by `issuer`) at `now`; nil when the CRL is
    /// another issuer's.
    static func status(
        of crl: CertificateRevocationList, for certificate: Certificate, issuer: Certificate, at now: Date
    ) -> RevocationStatus? {
        let source = crl.source
        guard let crlIssuer = X509_CRL_get_issuer(crl.pointer), let subject = X509_get_subject_name(issuer.pointer),
            X509_NAME_cmp(crlIssuer, subject) == 0
        else {
            return nil
        }
        guard let key = X509_get0_pubkey(issuer.pointer), X509_CRL_verify(crl.pointer, key) == 1 else {
            OpenSSLError.drainQueue()
            return .unproven("\(source) names the issuer but is not signed by its key")
        }
        if X509_get_extension_flags(issuer.pointer) & UInt32(EXFLAG_KUSAGE) != 0,
            X509_get_key_usage(issuer.pointer) & UInt32(KU_CRL_SIGN) == 0
        {
            return .unproven("\(source) is signed by an issuer whose key usage does not allow signing CRLs")
        }
        if X509_CRL_get_ext_by_NID(crl.pointer, NID_issuing_distribution_point, -1) >= 0
            || X509_CRL_get_ext_by_NID(crl.pointer, NID_delta_crl, -1) >= 0
        {
            return .unproven("\(source) is a partitioned or delta CRL, which does not prove a certificate absent")
        }
        guard let thisUpdate = Certificate.date(X509_CRL_get0_lastUpdate(crl.pointer)) else {
            return .unproven("\(source) has an unreadable thisUpdate")
        }
        guard let nextUpdate = Certificate.date(X509_CRL_get0_nextUpdate(crl.pointer)) else {
            return .unproven("\(source) has no nextUpdate, so nothing says it is current")
        }
        guard thisUpdate <= now.addingTimeInterval(OnlineChecks.clockSkew) else {
            return .unproven("\(source) is from the future (thisUpdate \(OCSPVerification.format(thisUpdate)))")
        }
        guard now <= nextUpdate.addingTimeInterval(OnlineChecks.clockSkew) else {
            return .unproven("\(source) is stale (nextUpdate \(OCSPVerification.format(nextUpdate)))")
        }
        var entry: OpaquePointer?
        if X509_CRL_get0_by_cert(crl.pointer, &entry, certificate.pointer) == 1 {
            let when = entry.flatMap { Certificate.date(X509_REVOKED_get0_revocationDate($0)) }
            return .revoked(at: when, reason: nil, source: source)
        }
        return .good(until: nextUpdate, source: source)
    }
}
