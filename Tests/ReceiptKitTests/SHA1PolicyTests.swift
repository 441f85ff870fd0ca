import CReceipt
import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A digest refused by OpenSSL is told apart from a signature that does not match.
///
/// Upstream OpenSSL 3.0 and 3.5 have no setting that refuses SHA-1 signatures (RHEL's
/// `rh-allow-sha1-signatures` is its own patch), so the refusal is made real here with the
/// same provider check RHEL's policy goes through: the RSA signature provider refuses a digest
/// it does not allow (BLAKE2b-512) with the reason RHEL raises for SHA-1.
struct SHA1PolicyTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func leafKey() throws -> PublicKey {
        let pem = try Data(contentsOf: fixtures.appendingPathComponent("pki/leaf.pem"))
        return try Certificate(derOrPEM: Array(pem)).publicKey()
    }

    static func refusal() throws -> OpenSSLError {
        let key = try leafKey()
        let blake = Digest(name: "BLAKE2B-512", displayName: "blake2b512", size: 64)
        do {
            _ = try key.verify(signature: [UInt8](repeating: 1, count: 256)[...], over: [1, 2, 3][...], digest: blake)
        } catch {
            return error
        }
        Issue.record("an RSA signature check with BLAKE2b-512 was not refused")
        return OpenSSLError(operation: "", reasons: [])
    }

    @Test func aDigestTheProviderRefusesIsARefusalNotAMismatch() throws {
        let error = try Self.refusal()
        #expect(error.refusesDigest, "\(error)")
        #expect(error.reasons.contains { $0.contains("digest not allowed") }, "\(error)")
        #expect(OpenSSLError.drainQueue().isEmpty, "the queue was left with stale errors")
    }

    @Test(arguments: [Digest.sha1, Digest.sha256])
    func aBadSignatureIsAMismatchNotARefusal(digest: Digest) throws {
        let key = try Self.leafKey()
        let verified = try key.verify(
            signature: [UInt8](repeating: 7, count: 256)[...], over: Array("payload".utf8)[...], digest: digest)
        #expect(!verified)
        #expect(OpenSSLError.drainQueue().isEmpty, "the queue was left with stale errors")
    }

    @Test func onlyASHA1CheckIsNamedASHA1Refusal() throws {
        let error = try Self.refusal()
        #expect(SHA1Policy.refused(error, digest: .sha1))
        #expect(!SHA1Policy.refused(error, digest: .sha256))
        let mismatch = OpenSSLError(operation: "checking", reasons: ["bad signature"])
        #expect(!SHA1Policy.refused(mismatch, digest: .sha1))
    }

    @Test func aChainIsRefusedOnlyForASHA1CertificateSignature() throws {
        let refusal = try Self.refusal()
        let forgery = OpenSSLError(operation: "chain verification", reasons: ["certificate signature failure"])
        let signatureFailure = Int32(X509_V_ERR_CERT_SIGNATURE_FAILURE)
        let tooWeak = Int32(X509_V_ERR_CA_MD_TOO_WEAK)
        let sha1 = Int32(NID_sha1)
        let sha256 = Int32(NID_sha256)
        #expect(
            CertificateStore.sha1Refused(verifyError: signatureFailure, certificateDigestNID: sha1, reasons: refusal))
        #expect(CertificateStore.sha1Refused(verifyError: tooWeak, certificateDigestNID: sha1, reasons: forgery))
        // A SHA-1 certificate whose signature is wrong is a forgery, whatever the policy.
        #expect(
            !CertificateStore.sha1Refused(verifyError: signatureFailure, certificateDigestNID: sha1, reasons: forgery))
        #expect(
            !CertificateStore.sha1Refused(verifyError: signatureFailure, certificateDigestNID: sha256, reasons: refusal)
        )
        #expect(
            !CertificateStore.sha1Refused(
                verifyError: Int32(X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY), certificateDigestNID: sha1,
                reasons: refusal))
    }

    @Test func theMessageSaysItIsNoForgeryAndHowToAllowSHA1() throws {
        let detail = SHA1Policy.detail("the receipt's signature", try Self.refusal())
        #expect(detail.contains("not a forgery verdict"))
        #expect(detail.contains("update-crypto-policies --set DEFAULT:SHA1"))
        #expect(detail.contains("rh-allow-sha1-signatures = yes"))
    }
}
