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

        public func encode(to encoder: any Encoder) throws {
            try encodeFields(to: encoder)
        }
    }
}

extension TrustReport.CertificateInfo: FieldModel {
    package static let fields: [ModelField<TrustReport.CertificateInfo>] = [
        .string("issuer") { $0.issuer },
        .formattedDate("not_after") { $0.notAfter },
        .formattedDate("not_before") { $0.notBefore },
        .string("sha256") { $0.sha256 },
        .string("subject") { $0.subject },
    ]
}
