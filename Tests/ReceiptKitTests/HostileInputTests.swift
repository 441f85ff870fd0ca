import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Truncated and bit-flipped receipts and JWS: a clean error or a verdict every time, never a
/// crash, and never `valid` once a byte the signature or chain covers has changed.
@Suite(.tags(.exhaustive), .enabled(if: Exhaustive.enabled, Exhaustive.comment), .timeLimit(.minutes(20)))
struct HostileInputTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Fixtures")

    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    static func testRootValidator() throws -> ReceiptValidator {
        let root = try Certificate(derOrPEM: fixture("pki/root.pem"))
        return try ReceiptValidator(policy: .custom(roots: [root]))
    }

    // MARK: - Prefixes

    static var fixtureInputs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter { $0.hasSuffix(".receipt") || $0.hasSuffix(".b64") }.sorted()
    }

    /// Each shorter prefix is refused with a reason, unless it still holds the whole receipt
    /// (base64 text without its trailing newline or padding); the lengths that were not, for the message.
    static func acceptedPrefixes(of bytes: [UInt8], lengths: some Sequence<Int>, _ validator: ReceiptValidator) -> [Int]
    {
        let whole = try? ReceiptInput.classify(bytes)
        var accepted: [Int] = []
        for length in lengths {
            let prefix = Array(bytes[0..<length])
            let report = validator.validate(prefix, input: "prefix \(length)")
            if report.status == .valid, whole != nil, (try? ReceiptInput.classify(prefix)) == whole {
                continue
            }
            if report.status == .valid || report.reason == nil {
                accepted.append(length)
            }
        }
        return accepted
    }

    @Test func everyPrefixOfEveryFixtureIsRefusedWithAReason() throws {
        let validator = try Self.testRootValidator()
        #expect(Self.fixtureInputs.count == 17, "fixtures missing from \(Self.fixtures.path)")
        for name in Self.fixtureInputs {
            let bytes = try Self.fixture(name)
            let accepted = Self.acceptedPrefixes(of: bytes, lengths: 0..<bytes.count, validator)
            #expect(accepted.isEmpty, "\(name): prefixes of \(accepted.prefix(5)) bytes were accepted")
        }
    }

    /// The three smallest corpus receipts and the two smallest Apple-signed ones, by size so
    /// the choice is stable; every prefix of each, under Apple's roots.
    @Test func everyPrefixOfCorpusReceiptsIsRefusedWithAReason() throws {
        guard let manifest = TestCorpus.manifest() else { return }
        let sized = try manifest.receipts.map { (try TestCorpus.bytes(of: $0).count, $0) }
        #expect(sized.count == 48)
        let bySize = sized.sorted { ($0.0, $0.1.file) < ($1.0, $1.1.file) }.map(\.1)
        let chosen = Array(bySize.prefix(3)) + bySize.filter(\.verifies.appleRootAtCreationDate).prefix(2)
        #expect(chosen.count == 5)
        let validator = try ReceiptValidator(policy: .apple())
        for entry in chosen {
            let bytes = try TestCorpus.bytes(of: entry)
            let accepted = Self.acceptedPrefixes(of: bytes, lengths: 0..<bytes.count, validator)
            #expect(accepted.isEmpty, "\(entry.file): prefixes of \(accepted.prefix(5)) bytes were accepted")
        }
    }

    @Test(arguments: [
        "jws/xcode/xcode-signed-transaction.jws", "jws/apple-library-test/testNotification.jws",
        "jws/apple-signed/go-iap-1.jws",
    ])
    func everyPrefixOfCorpusJWSIsRefusedWithAReason(file: String) throws {
        let url = TestCorpus.directory.appendingPathComponent(file)
        let bytes = try #require(try? [UInt8](Data(contentsOf: url)), "RECEIPT CORPUS missing \(url.path)")
        let validator = try ReceiptValidator(policy: .apple())
        let accepted = Self.acceptedPrefixes(of: bytes, lengths: 0..<bytes.count, validator)
        #expect(accepted.isEmpty, "\(file): prefixes of \(accepted.prefix(5)) bytes were accepted")
    }

    // MARK: - Bit flips

    /// Where a fixture's bytes sit: what the signature or a certificate signature covers, and
    /// the few unsigned fields no check reads, where a flip may leave the receipt valid.
    struct Regions {
        var signed: [Range<Int>] = []
        var unsigned: [Range<Int>] = []

        /// Embedded certificates, flipped one bit per byte to keep the test fast (each flip
        /// costs a chain evaluation in OpenSSL).
        var certificates: [Range<Int>] = []

        init(_ bytes: [UInt8], root: Certificate) throws {
            let container = try ReceiptContainer.parse(bytes[...])
            signed.append(container.payload.startIndex..<container.payload.endIndex)
            for certificate in container.certificates {
                certificates.append(certificate.startIndex..<certificate.endIndex)
                // An embedded copy of the trusted root is never used: OpenSSL takes the caller's
                // root first, so flips there may still verify.
                if certificate.elementsEqual(root.der) {
                    unsigned.append(certificate.startIndex..<certificate.endIndex)
                } else {
                    signed.append(certificate.startIndex..<certificate.endIndex)
                }
            }
            for signer in container.signers {
                signed.append(signer.signature.startIndex..<signer.signature.endIndex)
                if let attributes = signer.signedAttributes,
                    let range = bytes.firstRange(of: [0xA0] + attributes.dropFirst())
                {
                    signed.append(range)
                }
            }
            // ContentInfo > [0] > SignedData: version and digestAlgorithms are read for shape only.
            var top = ASN1Reader(bytes)
            var info = try top.children(of: top.next())
            _ = try info.next()
            var wrapper = try top.children(of: info.next())
            var fields = try top.children(of: wrapper.next())
            unsigned.append(try fields.next().contents)
            unsigned.append(try fields.next().contents)
            _ = try fields.next()
            if fields.nextTag == ASN1Tag.contextConstructed(0) { _ = try fields.next() }
            var signerSet = try top.children(of: fields.read(ASN1Tag.set, "signers"))
            var signer = try top.children(of: signerSet.next())
            unsigned.append(try signer.next().contents)
            while !signer.isAtEnd {
                let element = try signer.next()
                // AlgorithmIdentifier parameters (NULL) follow the OID and are not read.
                if element.tag == ASN1Tag.sequence, var parts = try? top.children(of: element),
                    let oid = try? parts.read(ASN1Tag.objectIdentifier, "oid"), !parts.isAtEnd
                {
                    unsigned.append(oid.encoded.endIndex..<element.encoded.endIndex)
                }
            }
        }

        func isSigned(_ offset: Int) -> Bool { signed.contains { $0.contains(offset) } }
        func isCertificate(_ offset: Int) -> Bool { certificates.contains { $0.contains(offset) } }
        func isUnsigned(_ offset: Int) -> Bool { unsigned.contains { $0.contains(offset) } }
    }

    /// A DER receipt under the test PKI, and a StoreKit Testing one with signed attributes.
    @Test(arguments: [("valid.receipt", false), ("signed-attributes.receipt", true)])
    func noSingleBitFlipInSignedBytesVerifies(name: String, storeKit: Bool) throws {
        let original = try Self.fixture(name)
        let root = try Certificate(derOrPEM: Self.fixture("pki/root.pem"))
        let regions = try Regions(original, root: root)
        let testCertificate = storeKit ? try Certificate(derOrPEM: Self.fixture("pki/storekit.pem")) : nil
        let validator = try ReceiptValidator(
            policy: .custom(roots: [root], storeKitTestCertificate: testCertificate))
        #expect(validator.validate(original, input: name).status == .valid)
        var validOutside: [Int] = []
        var signedFlips = 0
        for offset in original.indices {
            let bits = regions.isCertificate(offset) ? offset % 8..<offset % 8 + 1 : 0..<8
            for bit in bits {
                var mutated = original
                mutated[offset] ^= 1 << bit
                let report = validator.validate(mutated, input: "\(name) bit \(bit) of byte \(offset)")
                if regions.isSigned(offset) {
                    signedFlips += 1
                    #expect(report.status != .valid, "\(name): flipping bit \(bit) of signed byte \(offset) verified")
                } else if report.status == .valid {
                    validOutside.append(offset)
                }
                #expect(report.status == .valid || report.reason != nil)
            }
        }
        #expect(signedFlips > original.count / 2, "the signed regions cover too little of \(name)")
        let unexplained = validOutside.filter { !regions.isUnsigned($0) }
        #expect(
            unexplained.isEmpty,
            "\(name): flips at \(Set(unexplained).sorted()) verified outside the known unsigned fields")
    }
}
