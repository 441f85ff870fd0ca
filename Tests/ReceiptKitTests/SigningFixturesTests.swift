// Foundation (not FoundationEssentials): the helpers run `openssl` through `Process`.
import Foundation
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

/// Checks what Fixtures/README.md claims about each fixture, so a regeneration that breaks
/// one is caught here rather than in the verifier's tests.
@Suite(.timeLimit(.minutes(10))) struct SigningFixturesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static let validDevice = "3F2A9C1E-7B4D-4E8A-9F10-2C6B5D8E1A47"

    /// Receipt, certificate trusted, whether `openssl cms -verify` accepts it on 2024-05-01.
    static let opensslVerdicts: [(String, String, Bool)] = [
        ("valid.receipt", "pki/root.pem", true),
        ("valid-sha1.receipt", "pki/root.pem", true),
        ("valid-ber.receipt", "pki/root.pem", true),
        ("subscriptions.receipt", "pki/root.pem", true),
        ("tampered-payload.receipt", "pki/root.pem", false),
        ("tampered-signature.receipt", "pki/root.pem", false),
        // Cryptographically sound; only receipt-check's marker, bundle and hash checks reject them.
        ("leaf-no-marker.receipt", "pki/root.pem", true),
        ("intermediate-no-marker.receipt", "pki/root.pem", true),
        ("wrong-bundle.receipt", "pki/root.pem", true),
        ("wrong-hash.receipt", "pki/root.pem", true),
        ("self-made-root.receipt", "pki/root.pem", false),
        ("self-made-root.receipt", "pki-self-made-root/root.pem", true),
        ("expired-chain.receipt", "pki/root.pem", false),
        ("valid-in-2019.receipt", "pki/root.pem", false),
        ("storekit-test.receipt", "pki/storekit.pem", true),
        ("storekit-test.receipt", "pki/root.pem", false),
        ("signed-attributes.receipt", "pki/storekit.pem", true),
        ("signed-attributes-bad-digest.receipt", "pki/storekit.pem", false),
    ]

    @Test(arguments: opensslVerdicts)
    func opensslVerdictMatchesTheReadme(receipt: String, trusted: String, accepted: Bool) throws {
        let result = try ExternalTool.cmsVerify(
            receipt: Self.fixtures + "/" + receipt, root: Self.fixtures + "/" + trusted)
        #expect((result.status == 0) == accepted, "\(receipt) against \(trusted): \(result.stderr)")
    }

    @Test func expiredChainVerifiesInsideTheLeafsWindow() throws {
        // 2019-07-01T00:00:00Z.
        let result = try ExternalTool.cmsVerify(
            receipt: Self.fixtures + "/expired-chain.receipt", root: Self.fixtures + "/pki/root.pem",
            extra: ["-attime", "1561939200"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func badDigestFailsOnTheContentDigestNotTheSignature() throws {
        let result = try ExternalTool.cmsVerify(
            receipt: Self.fixtures + "/signed-attributes-bad-digest.receipt",
            root: Self.fixtures + "/pki/storekit.pem")
        #expect(result.stderr.contains("CMS_SignerInfo_verify_content"), "\(result.stderr)")
    }

    @Test func payloadsCarryTheDocumentedFields() throws {
        let valid = try payload("valid.receipt", trusting: "pki/root.pem")
        #expect(valid.bundleID == "com.example.receiptcheck")
        #expect(valid.applicationVersion == "1.2")
        #expect(valid.originalApplicationVersion == "37")
        #expect(valid.receiptCreationDate == (try RFC3339.parse("2024-05-01T12:00:00Z")))
        #expect(valid.inApp.count == 2)
        #expect(valid.inApp.contains { $0.expiresDate != nil })
        let expected = try hash(for: valid, device: Self.validDevice)
        #expect(valid.sha1Hash == expected)
        #expect(HexBytes.encode(expected) == "7a0b81a78f4f5a9138d0bfce7582dbb75ff8b281")

        let wrongHash = try payload("wrong-hash.receipt", trusting: "pki/root.pem")
        #expect(wrongHash.sha1Hash != expected)
        #expect(wrongHash.sha1Hash == (try hash(for: wrongHash, device: "A1B2C3D4-0000-4000-8000-0123456789AB")))

        let wrongBundle = try payload("wrong-bundle.receipt", trusting: "pki/root.pem")
        #expect(wrongBundle.bundleID == "com.example.other")
        #expect(wrongBundle.sha1Hash == (try hash(for: wrongBundle, device: Self.validDevice)))

        for name in ["valid-sha1.receipt", "valid-ber.receipt"] {
            #expect(try payload(name, trusting: "pki/root.pem") == valid)
        }
        let storeKit = try payload("storekit-test.receipt", trusting: "pki/storekit.pem")
        #expect(storeKit.receiptType == "Xcode")
        #expect(storeKit.originalApplicationVersion == nil)
    }

    @Test func tamperedPayloadDiffersFromValidInOneBundleIDCharacter() throws {
        let valid = try bytes("valid.receipt")
        let tampered = try bytes("tampered-payload.receipt")
        #expect(valid.count == tampered.count)
        let differences = zip(valid, tampered).filter { $0 != $1 }
        #expect(differences.count == 1)
        #expect(differences.first.map { [$0.0, $0.1] } == [UInt8(ascii: "c"), UInt8(ascii: "x")])

        let flipped = try bytes("tampered-signature.receipt")
        #expect(Array(flipped.dropLast()) == Array(valid.dropLast()))
        #expect(flipped.last.map { $0 ^ 0x01 } == valid.last)
    }

    @Test func base64FixtureHasLineBreaksAndDecodesToTheReceipt() throws {
        let text = try String(contentsOfFile: Self.fixtures + "/valid.b64", encoding: .utf8)
        #expect(text.contains("\n"))
        let decoded = try #require(Data(base64Encoded: text, options: .ignoreUnknownCharacters))
        #expect(Array(decoded) == (try bytes("valid.receipt")))
    }

    @Test func pkiVariantsHaveTheDocumentedShape() throws {
        let valid = try TestPKI.load(from: Self.fixtures + "/pki")
        let noLeaf = try TestPKI.load(from: Self.fixtures + "/pki-no-leaf-marker")
        let noIntermediate = try TestPKI.load(from: Self.fixtures + "/pki-no-intermediate-marker")
        let expired = try TestPKI.load(from: Self.fixtures + "/pki-expired")
        let selfMade = try TestPKI.load(from: Self.fixtures + "/pki-self-made-root")

        #expect(try marker(valid.leaf, MarkerOID.receiptSigning))
        #expect(try marker(valid.intermediate, MarkerOID.intermediate))
        #expect(try !marker(noLeaf.leaf, MarkerOID.receiptSigning))
        #expect(try marker(noIntermediate.leaf, MarkerOID.receiptSigning))
        #expect(try !marker(noIntermediate.intermediate, MarkerOID.intermediate))
        for variant in [noLeaf, noIntermediate, expired] {
            #expect(variant.root == valid.root)
        }
        #expect(selfMade.root.certificateDER != valid.root.certificateDER)
        #expect(try subject(selfMade.root) == subject(valid.root))
    }

    // MARK: - Helpers

    private func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + name)))
    }

    private func payload(_ receipt: String, trusting root: String) throws -> ParsedReceipt {
        let scratch = try ScratchDirectory()
        let out = scratch.path + "/content"
        let result = try ExternalTool.cmsVerify(
            receipt: Self.fixtures + "/" + receipt, root: Self.fixtures + "/" + root, extra: ["-binary", "-out", out])
        #expect(result.status == 0, "\(result.stderr)")
        return try PayloadDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
    }

    private func hash(for receipt: ParsedReceipt, device: String) throws -> [UInt8] {
        let opaque = try #require(receipt.opaqueValue)
        let bundle = try #require(receipt.bundleIDData)
        return try DeviceHash.compute(deviceID: DeviceIdentifier(parsing: device), opaque: opaque, bundleIDData: bundle)
    }

    private func marker(_ credential: TestCredential, _ oid: String) throws -> Bool {
        try Certificate(der: credential.certificateDER).hasExtension(oid)
    }

    private func subject(_ credential: TestCredential) throws -> [UInt8] {
        // Byte-equal names are what make a self-made root match the real one in a name lookup.
        let certificate = try Certificate(der: credential.certificateDER)
        return try certificate.subjectDER()
    }
}
