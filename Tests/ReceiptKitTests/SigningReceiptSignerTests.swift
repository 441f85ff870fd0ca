import CReceipt
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite(.timeLimit(.minutes(10))) struct SigningReceiptSignerTests {
    static var payloadBytes: [UInt8] {
        get throws {
            // Line feeds and CRs included: a text-mode signer would rewrite them and break the digest.
            let receipt = ParsedReceipt(receiptType: "Production", bundleID: "com.example.receiptcheck\n\r\n")
            return try ReceiptEncoder.encode(receipt)
        }
    }

    static let combinations: [(ReceiptSigner.Digest, ReceiptSigner.Encoding)] = [
        (.sha1, .der), (.sha256, .der), (.sha1, .ber), (.sha256, .ber),
    ]

    @Test(arguments: combinations)
    func appStoreStyleReceiptVerifiesWithOpenSSL(digest: ReceiptSigner.Digest, encoding: ReceiptSigner.Encoding)
        throws
    {
        let pki = try SharedPKI.get()
        let scratch = try ScratchDirectory()
        try pki.write(to: scratch.path)
        let signed = try ReceiptSigner.sign(
            Self.payloadBytes, pki: pki, options: .init(digest: digest, encoding: encoding))
        let file = try scratch.write("receipt", signed)
        let result = try ExternalTool.cmsVerify(receipt: file, root: scratch.path + "/root.pem")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Verification successful"))
        #expect(signed[1] == (encoding == .ber ? 0x80 : 0x82), "outer length form")
    }

    @Test func contentComesBackByteForByte() throws {
        let pki = try SharedPKI.get()
        let scratch = try ScratchDirectory()
        try pki.write(to: scratch.path)
        let file = try scratch.write("receipt", try ReceiptSigner.sign(Self.payloadBytes, pki: pki))
        let out = scratch.path + "/content"
        let result = try ExternalTool.run(
            try ExternalTool.openssl(),
            [
                "cms", "-verify", "-attime", "1714564800", "-inform", "DER", "-in", file, "-CAfile",
                scratch.path + "/root.pem", "-purpose",
                "any",
                "-binary", "-out", out,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: out))) == (try Self.payloadBytes))
    }

    @Test func appStoreStyleEmbedsThreeCertificatesAndNoSignedAttributes() throws {
        let pki = try SharedPKI.get()
        let signed = try ReceiptSigner.sign(Self.payloadBytes, pki: pki, options: .init(digest: .sha1))
        let facts = try Facts(signed)
        #expect(
            facts.certificates == [pki.leaf.certificateDER, pki.intermediate.certificateDER, pki.root.certificateDER])
        #expect(facts.signedAttributeCount == 0)
        #expect(facts.digestNID == NID_sha1)
    }

    @Test func storeKitStyleEmbedsOneSelfSignedCertificate() throws {
        let pki = try SharedPKI.get()
        let scratch = try ScratchDirectory()
        try pki.write(to: scratch.path)
        let signed = try ReceiptSigner.signStoreKitTest(
            Self.payloadBytes, pki: pki, options: .init(encoding: .ber))
        let facts = try Facts(signed)
        #expect(facts.certificates == [pki.storeKit.certificateDER])
        let file = try scratch.write("receipt", signed)
        let trusted = try ExternalTool.cmsVerify(receipt: file, root: scratch.path + "/storekit.pem")
        #expect(trusted.status == 0, "\(trusted.stderr)")
        let untrusted = try ExternalTool.cmsVerify(receipt: file, root: scratch.path + "/root.pem")
        #expect(untrusted.status != 0)
    }

    @Test func signedAttributesVerifyAndABadMessageDigestDoesNot() throws {
        let pki = try SharedPKI.get()
        let scratch = try ScratchDirectory()
        try pki.write(to: scratch.path)
        let good = try ReceiptSigner.signStoreKitTest(
            Self.payloadBytes, pki: pki, options: .init(includeSignedAttributes: true))
        #expect(try Facts(good).signedAttributeCount >= 3)
        let goodFile = try scratch.write("good", good)
        let goodResult = try ExternalTool.cmsVerify(receipt: goodFile, root: scratch.path + "/storekit.pem")
        #expect(goodResult.status == 0, "\(goodResult.stderr)")

        let bad = try ReceiptSigner.signStoreKitTest(
            Self.payloadBytes, pki: pki, options: .init(includeSignedAttributes: true, corruptMessageDigest: true))
        let badFile = try scratch.write("bad", bad)
        let badResult = try ExternalTool.cmsVerify(receipt: badFile, root: scratch.path + "/storekit.pem")
        #expect(badResult.status != 0)
        // CMS_verify checks every signature over the signed attributes first and the content
        // digest last, so failing in verify_content proves the re-signed attributes are good.
        #expect(badResult.stderr.contains("CMS_SignerInfo_verify_content"), "\(badResult.stderr)")
        #expect(!badResult.stderr.contains("CMS_SignerInfo_verify:"), "\(badResult.stderr)")
    }

    @Test func receiptFromAnotherPKIWithTheSameNamesIsRejected() throws {
        let pki = try SharedPKI.get()
        var options = TestPKI.Options()
        options.keyBits = 1024
        let impostor = try TestPKI.generate(options)
        let scratch = try ScratchDirectory()
        try pki.write(to: scratch.path)
        let file = try scratch.write("receipt", try ReceiptSigner.sign(Self.payloadBytes, pki: impostor))
        let result = try ExternalTool.cmsVerify(receipt: file, root: scratch.path + "/root.pem")
        #expect(result.status != 0)
    }

    @Test func badMessageDigestNeedsSignedAttributesAndDER() throws {
        let pki = try SharedPKI.get()
        #expect(throws: OpenSSLError.self) {
            try ReceiptSigner.sign(Self.payloadBytes, pki: pki, options: .init(corruptMessageDigest: true))
        }
        #expect(throws: OpenSSLError.self) {
            try ReceiptSigner.sign(
                Self.payloadBytes, pki: pki,
                options: .init(encoding: .ber, includeSignedAttributes: true, corruptMessageDigest: true))
        }
    }

    @Test func garbageKeyIsReportedWithOpenSSLsReason() throws {
        let pki = try SharedPKI.get()
        let broken = TestCredential(
            certificatePEM: pki.leaf.certificatePEM, certificateDER: pki.leaf.certificateDER,
            privateKeyPEM: Array("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8))
        let payload = try Self.payloadBytes
        do throws(OpenSSLError) {
            _ = try ReceiptSigner.sign(payload, signer: broken, chain: [], options: .init())
            Issue.record("a broken key was accepted")
        } catch {
            #expect(error.operation == "reading a PEM private key")
            #expect(!error.reasons.isEmpty)
        }
        #expect(OpenSSLError.drainQueue().isEmpty, "the queue was left with stale errors")
    }

    /// What OpenSSL finds in a signed receipt.
    private struct Facts {
        var certificates: [[UInt8]] = []
        var signedAttributeCount = 0
        var digestNID: Int32 = 0

        init(_ receipt: [UInt8]) throws {
            let bio = try OwnedBIO(reading: receipt)
            let pointer = try #require(d2i_PKCS7_bio(bio.pointer, nil))
            let p7 = OwnedPKCS7(pointer)
            let signers = try #require(PKCS7_get0_signers(p7.pointer, nil, 0))
            CReceipt_sk_X509_free(signers)
            let info = try #require(PKCS7_get_signer_info(p7.pointer))
            #expect(CReceipt_sk_PKCS7_SIGNER_INFO_num(info) == 1)
            let signer = try #require(CReceipt_sk_PKCS7_SIGNER_INFO_value(info, 0))
            // -1 means no attribute set at all.
            signedAttributeCount = max(0, Int(X509at_get_attr_count(CReceipt_PKCS7_get_signed_attributes(signer))))
            var digest: UnsafeMutablePointer<X509_ALGOR>? = nil
            PKCS7_SIGNER_INFO_get0_algs(signer, nil, &digest, nil)
            var object: OpaquePointer? = nil
            X509_ALGOR_get0(&object, nil, nil, digest)
            digestNID = OBJ_obj2nid(object)
            let stack = try #require(CReceipt_PKCS7_get0_certificates(p7.pointer))
            for index in 0..<CReceipt_sk_X509_num(stack) {
                let cert = try #require(CReceipt_sk_X509_value(stack, index))
                let bio = try OwnedBIO.memory()
                #expect(i2d_X509_bio(bio.pointer, cert) == 1)
                certificates.append(try bio.contents())
            }
            OpenSSLError.drainQueue()
        }
    }
}
