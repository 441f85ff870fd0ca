import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The project's own fixtures, signed by its test PKI, prove each check on any fresh clone.
@Suite(.timeLimit(.minutes(10))) struct FixtureVerificationTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let device = "3F2A9C1E-7B4D-4E8A-9F10-2C6B5D8E1A47"

    private static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    private static func certificate(_ name: String) throws -> Certificate {
        try Certificate(derOrPEM: bytes(name))
    }

    private static func validator(storeKit: Bool = false, device: String? = Self.device) throws -> ReceiptValidator {
        var options = ValidationOptions()
        options.bundleID = "com.example.receiptcheck"
        options.deviceIdentifier = try device.map { try DeviceIdentifier(parsing: $0) }
        let policy = TrustPolicy.custom(
            roots: [try certificate("pki/root.pem")],
            storeKitTestCertificate: storeKit ? try certificate("pki/storekit.pem") : nil)
        return try ReceiptValidator(policy: policy, options: options)
    }

    @Test(arguments: ["valid.receipt", "valid-sha1.receipt", "valid-ber.receipt", "valid.b64", "valid-in-2019.receipt"])
    func validReceiptsPassEveryCheck(name: String) throws {
        let report = try Self.validator().validate(Self.bytes(name), input: name)
        #expect(report.status == .valid, "\(report.message ?? "")")
        #expect(report.trust?.kind == .customRoots)
        #expect(report.checks.map(\.name).contains(.deviceHash))
        #expect(report.receipt?.originalApplicationVersion == "37")
    }

    @Test(arguments: [
        ("tampered-payload.receipt", ReasonCode.signatureMismatch),
        ("tampered-signature.receipt", .signatureMismatch),
        ("leaf-no-marker.receipt", .missingMarkerOID),
        ("intermediate-no-marker.receipt", .missingMarkerOID),
        ("self-made-root.receipt", .untrustedChain),
        ("expired-chain.receipt", .certificateExpired),
        ("wrong-bundle.receipt", .bundleIDMismatch),
        ("wrong-hash.receipt", .deviceHashMismatch),
        ("storekit-test.receipt", .untrustedChain),
        ("signed-attributes.receipt", .untrustedChain),
    ])
    func tamperedOrMisissuedReceiptsAreInvalid(name: String, reason: ReasonCode) throws {
        let report = try Self.validator().validate(Self.bytes(name), input: name)
        #expect(report.status == .invalid)
        #expect(report.reason == reason, "\(name): \(report.message ?? "")")
    }

    /// Valid at its creation date and expired at every later time: only the creation-date rule accepts it.
    @Test func receiptOf2019IsJudgedAtItsCreationDateNotNow() throws {
        let bytes = try Self.bytes("valid-in-2019.receipt")
        let atCreation = try Self.validator().validate(bytes, input: "2019")
        #expect(atCreation.status == .valid, "\(atCreation.message ?? "")")
        #expect(atCreation.trust?.validationTime == Date(timeIntervalSince1970: 1_561_982_400))
        for time in [ValidationTime.now, .fixed(Date(timeIntervalSince1970: 1_714_564_800))] {
            var options = ValidationOptions()
            options.time = time
            let policy = TrustPolicy.custom(roots: [try Self.certificate("pki/root.pem")])
            let later = try ReceiptValidator(policy: policy, options: options).validate(bytes, input: "later")
            #expect(later.status == .invalid && later.reason == .certificateExpired, "\(time): \(later.message ?? "")")
        }
    }

    @Test func storeKitTestingReceiptsNeedTheirCertificate() throws {
        let validator = try Self.validator(storeKit: true)
        for name in ["storekit-test.receipt", "signed-attributes.receipt"] {
            let report = validator.validate(try Self.bytes(name), input: name)
            #expect(report.status == .valid, "\(name): \(report.message ?? "")")
            #expect(report.trust?.kind == .storeKitTesting)
        }
        let bad = validator.validate(try Self.bytes("signed-attributes-bad-digest.receipt"), input: "bad")
        #expect(bad.status == .invalid)
        #expect(bad.reason == .messageDigestMismatch)
    }

    @Test func appleRootsDoNotTrustTheTestPKI() throws {
        let report = try ReceiptValidator(policy: .apple()).validate(Self.bytes("valid.receipt"), input: "valid")
        #expect(report.status == .invalid)
        #expect(report.reason == .untrustedChain)
    }

    /// Flipping any single byte of the signed payload never yields a valid receipt.
    @Test(.tags(.exhaustive), .enabled(if: Exhaustive.enabled, Exhaustive.comment))
    func everyPayloadByteFlipIsCaught() throws {
        let original = try Self.bytes("valid.receipt")
        let container = try ReceiptContainer.parse(original[...])
        let validator = try Self.validator(device: nil)
        var outcomes: [ValidationReport.Status: Int] = [:]
        for index in container.payload.indices {
            var mutated = original
            mutated[index] ^= 0x01
            let report = validator.validate(mutated, input: "flip \(index)")
            #expect(report.status != .valid, "flip at \(index) was accepted")
            outcomes[report.status, default: 0] += 1
        }
        #expect(outcomes[.valid] == nil)
    }

    @Test(.tags(.exhaustive), .enabled(if: Exhaustive.enabled, Exhaustive.comment))
    func everyPrefixIsRejectedCleanly() throws {
        let original = try Self.bytes("valid-ber.receipt")
        let validator = try Self.validator(device: nil)
        for length in 0..<original.count {
            let report = validator.validate(Array(original[0..<length]), input: "prefix")
            #expect(report.status == .malformed, "prefix of \(length) bytes")
        }
    }

    /// A PKCS#7 container of another content type, or whose signedData encapsulates another than data, holds no
    /// receipt: its parse refuses it and names the type it found. One byte of the fixture's identifier changed
    /// (the first of each in the file: nothing before them holds the same bytes).
    @Test(arguments: [
        (OID.signedData, UInt8(0x03), "content type is 1.2.840.113549.1.7.3, not signedData"),
        (OID.data, UInt8(0x05), "encapsulated content type is 1.2.840.113549.1.7.5, not data"),
    ])
    func anotherContentTypeIsRefused(identifier: [UInt8], last: UInt8, message: String) throws {
        var bytes = try HostileInputTests.fixture("valid.receipt")
        let encoded = [ASN1Tag.objectIdentifier, UInt8(identifier.count)] + identifier
        let range = try #require(bytes.firstRange(of: encoded))
        bytes[range.upperBound - 1] = last
        do {
            _ = try ReceiptContainer.parse(bytes[...])
            Issue.record("a container of another content type was parsed")
        } catch {
            #expect(error.description.contains(message), "\(error)")
            #expect(error.reason == .malformed)
        }
    }

    /// The content a receipt's signature covers must be an OCTET STRING: one of another primitive tag (here a
    /// UTF8String, its bytes unchanged) is refused by the container's parse, not read as the payload.
    @Test func encapsulatedContentOfAnotherTagIsRefused() throws {
        var bytes = try HostileInputTests.fixture("valid.receipt")
        let dataType = [ASN1Tag.objectIdentifier, UInt8(OID.data.count)] + OID.data
        let range = try #require(bytes.firstRange(of: dataType))
        // [0] EXPLICIT, then the OCTET STRING: its tag follows the wrapper's header.
        let wrapper = range.upperBound
        #expect(bytes[wrapper] == 0xA0)
        let lengthOctets = bytes[wrapper + 1] < 0x80 ? 0 : Int(bytes[wrapper + 1] & 0x7F)
        let tag = wrapper + 2 + lengthOctets
        #expect(bytes[tag] == ASN1Tag.octetString)
        bytes[tag] = 0x0C
        do {
            _ = try ReceiptContainer.parse(bytes[...])
            Issue.record("encapsulated content of another tag was parsed")
        } catch {
            #expect(error.description.contains("expected an OCTET STRING, found tag 0x0c"), "\(error)")
            #expect(error.reason == .malformed)
        }
    }
}
