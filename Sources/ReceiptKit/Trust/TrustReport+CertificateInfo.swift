#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
extension TrustReport {
    /// What a report says about one certificate of a chain.
    public struct CertificateInfo: Sendable, Encodable, Equatable {
        public let subject: String
        public let issuer: String
        public let notBefore: Date?
        public let notAfter: Date?
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
