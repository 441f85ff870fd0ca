import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

/// A receipt's signature is proven over the signed bytes before its payload is decoded: bytes nobody
/// signed never reach the payload decoder. The payload here is one the decoder refuses (it is no SET of
/// attributes), so a report that names the signature's failure, holds no payload check and no receipt,
/// was made without decoding it.
@Suite struct PKCS7VerifierTests {
    typealias M = CheckMaterial

    /// Bytes the payload decoder refuses, and that name no App Attest receipt.
    static let undecodable = Array("this payload is no set of receipt attributes".utf8)

    static func outcome(_ bytes: [UInt8]) throws -> ValidationReport {
        guard case .report(let report) = try M.validate(bytes) else {
            Issue.record("no report for a PKCS#7 receipt")
            throw ReceiptError(.internalError, "no report")
        }
        return report
    }

    static func expectUndecoded(_ report: ValidationReport, reason: ReasonCode) {
        #expect(report.reason == reason, "\(report.reason?.rawValue ?? "-"): \(report.message ?? "")")
        #expect(report.status == .invalid)
        #expect(report.receipt == nil)
        #expect(!report.checks.contains { $0.name == .payload })
    }

    @Test func signedUndecodablePayloadReachesTheDecoder() throws {
        let report = try Self.outcome(try M.signed(Self.undecodable))
        #expect(report.reason == .malformed)
        #expect(report.checks.map(\.name) == [.container, .payload])
    }

    @Test func payloadByteChangedIsNotDecoded() throws {
        var bytes = try M.signed(Self.undecodable)
        let at = try #require(bytes.firstRange(of: Array("no set".utf8)))
        bytes[at.lowerBound] = UInt8(ascii: "N")
        Self.expectUndecoded(try Self.outcome(bytes), reason: .signatureMismatch)
    }

    @Test func messageDigestOfOtherContentIsNotDecoded() throws {
        let bytes = try M.signed(Self.undecodable) {
            $0.includeSignedAttributes = true
            $0.corruptMessageDigest = true
        }
        Self.expectUndecoded(try Self.outcome(bytes), reason: .messageDigestMismatch)
    }

    @Test func twoSignersAreNotDecoded() throws {
        let bytes = try M.signed(Self.undecodable) { $0.additionalSigners = [try SharedPKI.get().storeKit] }
        Self.expectUndecoded(try Self.outcome(bytes), reason: .signerCount)
    }

    @Test func signerNotEmbeddedIsNotDecoded() throws {
        let bytes = try M.signed(Self.undecodable) { $0.embedSignerCertificate = false }
        Self.expectUndecoded(try Self.outcome(bytes), reason: .signerNotFound)
    }
}
