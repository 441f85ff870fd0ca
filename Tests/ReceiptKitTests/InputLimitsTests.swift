import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Each limit on hostile input gives its own clear error, without a crash, a hang or an
/// allocation sized by a declared length. (Input size, payload and JWS segment limits are
/// tested beside their readers: `ReceiptInputTests`, `PayloadDecoderTests`, `JWSRejectionTests`.)
@Suite(.timeLimit(.minutes(10))) struct InputLimitsTests {
    static func nested(_ depth: Int, open: [UInt8], innermost: [UInt8] = [0x04, 0x00]) -> [UInt8] {
        Array(repeating: open, count: depth).flatMap { $0 } + innermost
            + Array(repeating: [UInt8]([0x00, 0x00]), count: depth).flatMap { $0 }
    }

    // MARK: - ASN.1 reader

    @Test func indefiniteNestingUpToTheCapIsRead() throws {
        var reader = ASN1Reader(Self.nested(ASN1Reader.maximumDepth, open: [0x30, 0x80]))
        let element = try reader.next()
        #expect(element.isIndefiniteLength)
        #expect(reader.isAtEnd)
    }

    @Test func indefiniteNestingBeyondTheCapIsTooDeep() {
        var reader = ASN1Reader(Self.nested(ASN1Reader.maximumDepth + 1, open: [0x30, 0x80]))
        #expect(throws: ASN1Error.self) { _ = try reader.next() }
        do {
            _ = try reader.next()
        } catch {
            #expect(error.code == .tooDeep)
        }
    }

    @Test func deeplySegmentedOctetStringIsTooDeep() throws {
        // Definite-length constructed OCTET STRINGs, one inside the other, 40 deep.
        var bytes: [UInt8] = [0x04, 0x01, 0x61]
        for _ in 0..<40 {
            bytes = TestDER.tlv(0x24, bytes)
        }
        var reader = ASN1Reader(bytes)
        let element = try reader.next()
        do {
            _ = try reader.octets(element)
            Issue.record("40 nested segments were joined")
        } catch {
            #expect(error.code == .tooDeep)
        }
    }

    @Test(
        arguments: [
            // Nine length octets.
            ([0x04, 0x89, 0, 0, 0, 0, 0, 0, 0, 0, 1], ASN1Error.Code.invalidLength),
            // Eight length octets declaring more than Int.max.
            ([0x04, 0x88, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], .invalidLength),
            // Four gigabytes declared, three bytes present: refused before anything is allocated.
            ([0x04, 0x84, 0xFF, 0xFF, 0xFF, 0xFF, 0x61, 0x62, 0x63], .truncated),
            // Length octets missing.
            ([0x04, 0x82, 0x01], .truncated),
            // A primitive element with an indefinite length.
            ([0x04, 0x80, 0x00, 0x00], .invalidLength),
            // An indefinite element never closed.
            ([0x30, 0x80, 0x04, 0x00], .truncated),
        ] as [([UInt8], ASN1Error.Code)])
    func lengthsAreCheckedBeforeUse(bytes: [UInt8], code: ASN1Error.Code) {
        var reader = ASN1Reader(bytes)
        do {
            _ = try reader.next()
            Issue.record("\(bytes) was read")
        } catch {
            #expect(error.code == code, "\(error)")
        }
    }

    @Test func integerWiderThan64BitsIsTooLarge() throws {
        var reader = ASN1Reader([0x02, 0x09, 0x01, 0, 0, 0, 0, 0, 0, 0, 0])
        let element = try reader.next()
        do {
            _ = try reader.nonNegativeInteger(element)
            Issue.record("a 9-byte INTEGER was read")
        } catch {
            #expect(error.code == .integerTooLarge)
        }
    }

    // MARK: - Container

    /// `valid.receipt` rebuilt with its leaf certificate repeated `count` times.
    static func receipt(embedding count: Int) throws -> [UInt8] {
        let original = [UInt8](
            try Data(contentsOf: HostileInputTests.fixtures.appendingPathComponent("valid.receipt")))
        var top = ASN1Reader(original)
        var info = try top.children(of: top.next())
        let contentType = try info.next()
        var wrapper = try top.children(of: info.next())
        var fields = try top.children(of: wrapper.next())
        var parts: [[UInt8]] = []
        while !fields.isAtEnd {
            let field = try fields.next()
            if field.tag == ASN1Tag.contextConstructed(0) {
                var certificates = try top.children(of: field)
                let leaf = Array(original[try certificates.next().encoded])
                parts.append(TestDER.tlv(0xA0, Array(repeating: leaf, count: count).flatMap { $0 }))
            } else {
                parts.append(Array(original[field.encoded]))
            }
        }
        return TestDER.sequence([Array(original[contentType.encoded]), TestDER.tlv(0xA0, TestDER.sequence(parts))])
    }

    @Test func embeddedCertificatesAreCapped() throws {
        let atCap = try ReceiptContainer.parse(Self.receipt(embedding: ReceiptContainer.maximumEmbedded)[...])
        #expect(atCap.certificates.count == ReceiptContainer.maximumEmbedded)

        let validator = try HostileInputTests.testRootValidator()
        let report = validator.validate(try Self.receipt(embedding: ReceiptContainer.maximumEmbedded + 1), input: "17")
        #expect(report.status == .malformed)
        #expect(report.reason == .malformed)
        #expect(report.message?.contains("more than \(ReceiptContainer.maximumEmbedded) embedded certificates") == true)
    }

    // MARK: - Chain cache

    @Test func oversizedChainsAreCheckedButNotRemembered() throws {
        let verifier = try ChainVerifier(policy: .custom(roots: []))
        let huge = [UInt8](repeating: 0x30, count: ChainCache.maximumKeySize + 1)
        let result = verifier.verify(certificates: [huge[...]], leafIndex: 0)
        #expect(result.failure?.reason == .malformed, "\(String(describing: result.failure))")
        #expect(verifier.cacheFootprint.entries == 0)
    }

    @Test func rememberedChainsStayWithinTheByteBudget() throws {
        let verifier = try ChainVerifier(policy: .custom(roots: []))
        let size = ChainCache.maximumKeySize - 64
        var peak = 0
        // Enough distinct chains to pass the byte budget about one and a half times.
        for index in 0..<(ChainCache.byteLimit / size * 3 / 2) {
            var chain = [UInt8](repeating: 0x30, count: size)
            chain[0] = UInt8(truncatingIfNeeded: index)
            chain[1] = UInt8(truncatingIfNeeded: index >> 8)
            _ = verifier.verify(certificates: [chain[...]], leafIndex: 0)
            peak = max(peak, verifier.cacheFootprint.bytes)
        }
        #expect(peak <= ChainCache.byteLimit)
        #expect(peak > ChainCache.byteLimit / 2)
    }

    // MARK: - JWS JSON

    static func jws(payload: [UInt8]) -> [UInt8] {
        let header = Base64.encodeURL(Array(#"{"alg":"ES256","x5c":[]}"#.utf8))
        return Array(
            "\(header).\(Base64.encodeURL(payload)).\(Base64.encodeURL([UInt8](repeating: 1, count: 64)))".utf8)
    }

    @Test(arguments: [40, 20_000])
    func deeplyNestedJWSPayloadIsRefused(depth: Int) throws {
        let payload =
            Array(#"{"bundleId":"x","extra":"#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: depth)
            + [UInt8](repeating: UInt8(ascii: "]"), count: depth) + [UInt8(ascii: "}")]
        let validator = try HostileInputTests.testRootValidator()
        let report = validator.validate(Self.jws(payload: payload), input: "nested \(depth)")
        #expect(report.status == .malformed)
        #expect(report.reason == .invalidJWS)
    }
}
