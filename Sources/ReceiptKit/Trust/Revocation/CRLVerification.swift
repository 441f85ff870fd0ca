#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one CRL proves about one certificate: nothing unless it is the issuer's, signed by it, complete
/// (no distribution point, no delta) and framing the moment checked.
enum CRLVerification {
    /// The status `crl` proves for `certificate` at `now`; nil when the CRL is another issuer's.
    static func status(
        of crl: CertificateRevocationList, for certificate: Certificate, issuer: Certificate, at now: Date
    ) -> RevocationStatus? {
        let source = crl.source
        guard crl.names(issuer: issuer) else {
            return nil
        }
        guard crl.isSigned(by: issuer) else {
            return .unproven("\(source) names the issuer but is not signed by its key")
        }
        if !issuer.keyUsageAllowsCRLSigning {
            return .unproven("\(source) is signed by an issuer whose key usage does not allow signing CRLs")
        }
        if crl.isPartitionedOrDelta {
            return .unproven("\(source) is a partitioned or delta CRL, which does not prove a certificate absent")
        }
        guard let thisUpdate = crl.thisUpdate else {
            return .unproven("\(source) has an unreadable thisUpdate")
        }
        guard let nextUpdate = crl.nextUpdate else {
            return .unproven("\(source) has no nextUpdate, so nothing says it is current")
        }
        guard thisUpdate <= now.addingTimeInterval(OnlineChecks.clockSkew) else {
            return .unproven("\(source) is from the future (thisUpdate \(OCSPVerification.format(thisUpdate)))")
        }
        guard now <= nextUpdate.addingTimeInterval(OnlineChecks.clockSkew) else {
            return .unproven("\(source) is stale (nextUpdate \(OCSPVerification.format(nextUpdate)))")
        }
        let entry = crl.entry(for: certificate)
        if entry.listed {
            return .revoked(at: entry.revoked, reason: nil, source: source)
        }
        return .good(until: nextUpdate, source: source)
    }
}
