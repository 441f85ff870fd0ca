#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Revocation and current validity, as Apple's `enableOnlineChecks`: every certificate of a verified
/// chain is also judged at the current time, and each one below the root must be proven not revoked by
/// a verified OCSP response (fetched from the responder its Authority Information Access names, or given
/// here) or by a current CRL its issuer signed.
///
/// A certificate whose status cannot be proven makes the input fail with
/// ``ReasonCode/revocationUnavailable``, never pass; a revoked one with ``ReasonCode/certificateRevoked``.
public struct OnlineChecks: Sendable {
    /// Ask the responders certificates name over HTTP. False: only ``ocspResponses`` and ``crls`` count
    /// (an air-gapped server with fetched data).
    public var fetchesFromResponders: Bool
    /// OCSP responses fetched elsewhere, each used for the certificate it names once verified.
    public var ocspResponses: [OCSPResponse]
    /// CRLs fetched elsewhere, each used for the certificates of the issuer that signed it.
    public var crls: [CertificateRevocationList]
    /// Seconds a responder has to accept the connection.
    public var connectTimeout = 5
    /// Seconds a request and its response may take once connected.
    public var exchangeTimeout = 10
    /// The moment revocation data must be current at and certificates valid at; nil: now. Tests pin it.
    package var time: Date?

    /// How far thisUpdate may lie ahead of our clock, and nextUpdate behind it: clocks drift.
    static let clockSkew: TimeInterval = 300

    /// Online checks that ask the responders certificates name unless `fetchesFromResponders` is false,
    /// and also use any OCSP responses and CRLs fetched elsewhere.
    public init(
        fetchesFromResponders: Bool = true, ocspResponses: [OCSPResponse] = [], crls: [CertificateRevocationList] = []
    ) {
        self.fetchesFromResponders = fetchesFromResponders
        self.ocspResponses = ocspResponses
        self.crls = crls
    }

    var now: Date { time ?? Date() }
}
