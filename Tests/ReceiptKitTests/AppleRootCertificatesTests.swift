import Testing

@testable import ReceiptKit

@Suite(.timeLimit(.minutes(10))) struct AppleRootCertificatesTests {
    /// Fingerprints as Apple publishes them (https://www.apple.com/certificateauthority/).
    @Test(arguments: [
        (
            AppleRootCertificates.appleIncRoot, "b0b1730ecbc7ff4505142c49f1295e6eda6bcaed7e2c68c5be91b5a11001f024",
            "Apple Root CA"
        ),
        (
            AppleRootCertificates.appleRootCAG2, "c2b9b042dd57830e7d117dac55ac8ae19407d38e41d88f3215bc3a890444a050",
            "Apple Root CA - G2"
        ),
        (
            AppleRootCertificates.appleRootCAG3, "63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179",
            "Apple Root CA - G3"
        ),
    ])
    func embeddedRootHasPublishedFingerprint(der: [UInt8], fingerprint: String, name: String) throws {
        let certificate = try Certificate(der: der)
        #expect(certificate.fingerprint == fingerprint)
        #expect(certificate.commonName == name)
        #expect(certificate.isSelfIssued)
    }

    /// Reports name the anchors without decoding them: the names must be the certificates' own.
    @Test func namesAreTheDecodedCommonNames() throws {
        #expect(
            try AppleRootCertificates.all.map { try Certificate(der: $0).commonName } == AppleRootCertificates.names)
        #expect(try TrustPolicy.apple().rootNames == AppleRootCertificates.names)
    }

    /// A chain that embeds its root byte for byte is checked against that copy: no anchor is decoded.
    /// A chain that does not reach an embedded anchor is checked against every anchor, decoded once.
    @Test func anchorsAreDecodedOnlyWhenAChainNeedsThem() throws {
        guard let manifest = TestCorpus.manifest() else { return }
        let validator = try ReceiptValidator(policy: TrustPolicy.apple())
        let production = try #require(manifest.receipts.first { $0.file == "receipts/tpinapp-11.receipt" })
        #expect(validator.validate(try TestCorpus.bytes(of: production), input: "p").status == .valid)
        #expect(validator.context.chains.anchors.decodedCount == 0)
        let xcode = try #require(manifest.receipts.first { $0.file == "receipts/apple-asslib-1.receipt" })
        let report = validator.validate(try TestCorpus.bytes(of: xcode), input: "x")
        #expect(report.reason == .untrustedChain)
        #expect(validator.context.chains.anchors.decodedCount == 3)
    }
}
