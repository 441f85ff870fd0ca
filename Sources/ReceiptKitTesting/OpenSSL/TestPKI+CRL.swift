internal import CReceipt
import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension TestPKI {
    /// A DER CRL signed by `issuer`, revoking `revoked`, current from `thisUpdate` to `nextUpdate`.
    public static func crl(
        issuer: TestCredential, revoking revoked: [TestCredential] = [], thisUpdate: Date, nextUpdate: Date
    ) throws(OpenSSLError) -> [UInt8] {
        let issuerCertificate = try OwnedCertificate(derOrPEM: issuer.certificatePEM)
        let key = try OwnedKey.fromPEM(issuer.privateKeyPEM)
        guard let crl = unsafe X509_CRL_new() else {
            throw OpenSSLError.drain("creating a CRL")
        }
        defer { unsafe X509_CRL_free(crl) }
        guard unsafe X509_CRL_set_version(crl, 1) == 1,
            unsafe X509_CRL_set_issuer_name(crl, X509_get_subject_name(issuerCertificate.pointer)) == 1,
            unsafe try set(thisUpdate, { unsafe X509_CRL_set1_lastUpdate(crl, $0) }),
            unsafe try set(nextUpdate, { unsafe X509_CRL_set1_nextUpdate(crl, $0) })
        else {
            throw OpenSSLError.drain("filling in the CRL")
        }
        for credential in revoked {
            let certificate = try OwnedCertificate(derOrPEM: credential.certificatePEM)
            guard let entry = unsafe X509_REVOKED_new() else {
                throw OpenSSLError.drain("creating a CRL entry")
            }
            guard
                unsafe X509_REVOKED_set_serialNumber(
                    entry, X509_get0_serialNumber(certificate.pointer).map { unsafe UnsafeMutablePointer(mutating: $0) }
                ) == 1,
                unsafe try set(thisUpdate, { unsafe X509_REVOKED_set_revocationDate(entry, $0) }),
                unsafe X509_CRL_add0_revoked(crl, entry) == 1
            else {
                unsafe X509_REVOKED_free(entry)
                throw OpenSSLError.drain("adding a CRL entry")
            }
        }
        guard unsafe X509_CRL_sort(crl) == 1, unsafe X509_CRL_sign(crl, key.pointer, EVP_sha256()) > 0 else {
            throw OpenSSLError.drain("signing the CRL")
        }
        return try unsafe openSSLDER(of: crl, "the CRL", i2d_X509_CRL)
    }

    private static func set(_ date: Date, _ apply: (UnsafeMutablePointer<ASN1_TIME>) -> Int32) throws(OpenSSLError)
        -> Bool
    {
        guard let time = unsafe ASN1_TIME_set(nil, time_t(date.timeIntervalSince1970.rounded(.down))) else {
            throw OpenSSLError.drain("setting a CRL time")
        }
        defer { unsafe ASN1_TIME_free(time) }
        return unsafe apply(time) == 1
    }
}
