#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Revocation and current validity, as Apple's `enableOnlineChecks`: the chain is judged now too, and each
/// certificate below the root proven not revoked by OCSP or a current CRL, or the input fails
/// (``ReasonCode/revocationUnavailable``, ``ReasonCode/certificateRevoked``).
public struct OnlineChecks: Sendable {
    /// Ask the responders certificates name; false: only ``ocspResponses`` and ``crls`` count (air-gapped).
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

    /// Online checks asking the named responders unless `fetchesFromResponders` is false, with any given data.
    public init(
        fetchesFromResponders: Bool = true, ocspResponses: [OCSPResponse] = [], crls: [CertificateRevocationList] = []
    ) {
        self.fetchesFromResponders = fetchesFromResponders
        self.ocspResponses = ocspResponses
        self.crls = crls
    }

    var now: Date { time ?? Date() }
}
