#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
extension TrustReport {
    /// What a report says about one certificate of a chain.
    public struct CertificateInfo: Sendable, Encodable, Equatable {
        /// The subject, as `Certificate.subject` writes it.
        public let subject: String
        /// The issuer, written the same way.
        public let issuer: String
        /// The start of the validity period.
        public let notBefore: Date?
        /// The end of the validity period.
        public let notAfter: Date?
        /// SHA-256 of the certificate's DER, lowercase hex.
        public let sha256: String

        init(_ certificate: Certificate) {
            subject = certificate.subject
            issuer = certificate.issuer
            notBefore = certificate.notBefore
            notAfter = certificate.notAfter
            sha256 = certificate.fingerprint
        }

        enum CodingKeys: String, CodingKey {
            case subject, issuer
            case notBefore = "not_before"
            case notAfter = "not_after"
            case sha256
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(subject, forKey: .subject)
            try container.encode(issuer, forKey: .issuer)
            try container.encodeIfPresent(notBefore.flatMap(RFC3339.format), forKey: .notBefore)
            try container.encodeIfPresent(notAfter.flatMap(RFC3339.format), forKey: .notAfter)
            try container.encode(sha256, forKey: .sha256)
        }
    }
}
