internal import CReceipt

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One CRL (PEM or DER), counting for nothing until online checks verify it. Sound and `@unchecked
/// Sendable`: it owns its object, freed in `deinit`, immutable and read under the checker's lock.
@safe public final class CertificateRevocationList: @unchecked Sendable {
    let pointer: OpaquePointer
    /// Where it came from, for reports.
    let source: String

    /// Decodes `bytes`, PEM or DER; `source` names it in reports (a file name, say).
    public init(derOrPEM bytes: [UInt8], source: String = "a CRL given") throws(OpenSSLError) {
        let decoded: OpaquePointer?
        // OpenSSL reads exactly `count` bytes from the buffer, valid inside the closure, and copies what it keeps.
        if bytes.firstRange(of: Array("-----BEGIN".utf8)) != nil {
            unsafe decoded = unsafe bytes.withUnsafeBytes {
                unsafe CReceipt_PEM_read_X509_CRL($0.baseAddress, Int32(clamping: $0.count))
            }
        } else {
            unsafe decoded = unsafe bytes.withUnsafeBytes { unsafe CReceipt_d2i_X509_CRL($0.baseAddress, $0.count) }
        }
        guard let decoded = unsafe decoded else {
            throw OpenSSLError.drain("decoding \(source) as a PEM or DER CRL")
        }
        unsafe pointer = decoded
        self.source = source
    }

    deinit {
        unsafe X509_CRL_free(pointer)
    }

    /// The DER OpenSSL writes for it again: the fuzz oracle's second reading of what was read.
    func der() throws(OpenSSLError) -> [UInt8] {
        try unsafe openSSLDER(of: pointer, "the CRL", i2d_X509_CRL)
    }

    /// Whether the CRL's issuer is `issuer`'s subject (names compared as OpenSSL compares them).
    func names(issuer: Certificate) -> Bool {
        guard let crlIssuer = unsafe X509_CRL_get_issuer(pointer),
            let subject = unsafe X509_get_subject_name(issuer.pointer)
        else { return false }
        return unsafe X509_NAME_cmp(crlIssuer, subject) == 0
    }

    /// Whether `issuer`'s key signed the CRL; the queue is drained when it did not.
    func isSigned(by issuer: Certificate) -> Bool {
        // get0: the key belongs to the certificate, which outlives the call.
        guard let key = unsafe X509_get0_pubkey(issuer.pointer), unsafe X509_CRL_verify(pointer, key) == 1 else {
            OpenSSLError.drainQueue()
            return false
        }
        return true
    }

    /// Whether it is partial (an issuing distribution point) or a delta: an unlisted certificate is not proven.
    var isPartitionedOrDelta: Bool {
        unsafe X509_CRL_get_ext_by_NID(pointer, NID_issuing_distribution_point, -1) >= 0
            || X509_CRL_get_ext_by_NID(pointer, NID_delta_crl, -1) >= 0
    }

    /// thisUpdate, nil when unreadable.
    var thisUpdate: Date? { unsafe Certificate.date(X509_CRL_get0_lastUpdate(pointer)) }

    /// nextUpdate, nil when absent or unreadable.
    var nextUpdate: Date? { unsafe Certificate.date(X509_CRL_get0_nextUpdate(pointer)) }

    /// Whether the CRL lists `certificate`, and when it was revoked if the entry says.
    func entry(for certificate: Certificate) -> (listed: Bool, revoked: Date?) {
        var entry: OpaquePointer?
        // get0: the entry belongs to the CRL, read before the call returns.
        if unsafe X509_CRL_get0_by_cert(pointer, &entry, certificate.pointer) == 1 {
            return (true, unsafe entry.flatMap { unsafe Certificate.date(X509_REVOKED_get0_revocationDate($0)) })
        }
        return (false, nil)
    }
}
