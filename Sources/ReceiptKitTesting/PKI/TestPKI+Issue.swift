internal import CReceipt
import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension TestPKI {
    /// What an issued certificate may do.
    public enum Role: Sendable, Equatable {
        /// A CA (`CA:TRUE`, `keyCertSign`): a root when self-signed, else an intermediate.
        case certificateAuthority
        /// An end entity that signs receipts or JWS (`CA:FALSE`, `digitalSignature`).
        case signer
    }

    /// Issues one certificate outside the three-level shape (`issuer` nil: self-signed), with `markers`;
    /// unlike `generate`, nothing is widened.
    public static func issue(
        commonName: String, role: Role, markers: [String] = [], notBefore: Date = TestPKI.defaultNotBefore,
        notAfter: Date = TestPKI.defaultNotAfter, keyType: KeyType = .rsa, by issuer: TestCredential? = nil
    ) throws(OpenSSLError) -> TestCredential {
        guard notBefore < notAfter else {
            throw OpenSSLError(operation: "issuing a test certificate", reasons: ["notBefore must precede notAfter"])
        }
        var keyOptions = Options()
        keyOptions.keyType = keyType
        let key = try generateKey(keyOptions)
        let name = try OwnedName(commonName: commonName, organizationalUnit: "receipt-check Test Hierarchy")
        let issuerCertificate: OwnedCertificate?
        let issuerKey: OwnedKey
        if let issuer {
            issuerCertificate = try OwnedCertificate(derOrPEM: issuer.certificatePEM)
            issuerKey = try OwnedKey.fromPEM(issuer.privateKeyPEM)
        } else {
            issuerCertificate = nil
            issuerKey = key
        }
        let certificate = try CertificateBuilder(
            subject: name, subjectKey: key, notBefore: notBefore, notAfter: notAfter
        ).build(issuer: issuerCertificate, issuerKey: issuerKey) { builder, cert throws(OpenSSLError) in
            let signer = issuerCertificate ?? cert
            switch role {
            case .certificateAuthority:
                try builder.addExtension(nid: NID_basic_constraints, "critical,CA:TRUE", to: cert, issuer: signer)
                try builder.addExtension(nid: NID_key_usage, "critical,keyCertSign,cRLSign", to: cert, issuer: signer)
            case .signer:
                try builder.addExtension(nid: NID_basic_constraints, "critical,CA:FALSE", to: cert, issuer: signer)
                try builder.addExtension(nid: NID_key_usage, "critical,digitalSignature", to: cert, issuer: signer)
            }
            try builder.addExtension(nid: NID_subject_key_identifier, "hash", to: cert, issuer: signer)
            if issuerCertificate != nil {
                try builder.addExtension(nid: NID_authority_key_identifier, "keyid:always", to: cert, issuer: signer)
            }
            for marker in markers {
                try builder.addMarker(marker, to: cert)
            }
        }
        return try credential(certificate, key)
    }
}
