import Foundation
import Testing

@testable import ReceiptKit

/// Tampered and hostile JWS: each is rejected with its own reason.
@Suite(.timeLimit(.minutes(10))) struct JWSRejectionTests {
    static let sample = "jws/apple-signed/go-iap-1.jws"

    static func segments() throws -> [String] {
        let text = String(decoding: try JWSCorpusTests.bytes(sample), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    static func decoded(_ segment: String) throws -> [UInt8] {
        try #require(Base64.decodeURL(Array(segment.utf8)[...]))
    }

    static func header() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(try decoded(try segments()[0]))) as? [String: Any])
    }

    static func withHeader(_ header: [String: Any]) throws -> [UInt8] {
        let parts = try segments()
        let encoded = Base64.encodeURL(try JSONSerialization.data(withJSONObject: header))
        return Array((encoded + "." + parts[1] + "." + parts[2]).utf8)
    }

    static func validate(_ bytes: [UInt8]) throws -> ValidationReport {
        try ReceiptValidator(policy: .apple()).validate(bytes, input: "tampered")
    }

    @Test func untamperedSampleIsValid() throws {
        let parts = try Self.segments()
        #expect(try Self.validate(Array(parts.joined(separator: ".").utf8)).status == .valid)
    }

    @Test func changedHeaderBreaksTheSignature() throws {
        var parts = try Self.segments()
        parts[0] = Base64.encodeURL([UInt8(ascii: "{"), UInt8(ascii: " ")] + (try Self.decoded(parts[0])).dropFirst())
        let report = try Self.validate(Array(parts.joined(separator: ".").utf8))
        #expect(report.status == .invalid && report.reason == .signatureMismatch, "\(report.message ?? "")")
    }

    @Test func changedPayloadBreaksTheSignature() throws {
        var parts = try Self.segments()
        var payload = try Self.decoded(parts[1])
        let index = try #require(payload.firstIndex(of: UInt8(ascii: "S")))  // "Sandbox"
        payload[index] = UInt8(ascii: "T")
        parts[1] = Base64.encodeURL(payload)
        let report = try Self.validate(Array(parts.joined(separator: ".").utf8))
        #expect(report.status == .invalid && report.reason == .signatureMismatch)
    }

    @Test func flippedSignatureBitIsRejected() throws {
        var parts = try Self.segments()
        var signature = try Self.decoded(parts[2])
        signature[10] ^= 0x01
        parts[2] = Base64.encodeURL(signature)
        let report = try Self.validate(Array(parts.joined(separator: ".").utf8))
        #expect(report.status == .invalid && report.reason == .signatureMismatch)
    }

    @Test(arguments: ["none", "HS256", "RS256", "ES384", "es256"])
    func algorithmsOtherThanES256AreRejected(_ algorithm: String) throws {
        var header = try Self.header()
        header["alg"] = algorithm
        let report = try Self.validate(try Self.withHeader(header))
        #expect(report.status == .invalid && report.reason == .unsupportedAlgorithm)
    }

    @Test func missingAlgorithmIsRejected() throws {
        var header = try Self.header()
        header.removeValue(forKey: "alg")
        #expect(try Self.validate(try Self.withHeader(header)).reason == .unsupportedAlgorithm)
    }

    @Test(arguments: [0, 1, 2, 4])
    func chainsOfOtherLengthsAreRejected(_ count: Int) throws {
        var header = try Self.header()
        let x5c = try #require(header["x5c"] as? [String])
        header["x5c"] = Array((x5c + x5c).prefix(count))
        let report = try Self.validate(try Self.withHeader(header))
        #expect(report.status == .invalid && report.reason == .unexpectedChainLength)
    }

    @Test func expiredChainIsRejected() throws {
        var options = ValidationOptions()
        options.time = .fixed(Date(timeIntervalSince1970: 1_900_000_000))
        let report = try ReceiptValidator(policy: .apple(), options: options)
            .validate(try JWSCorpusTests.bytes(Self.sample), input: "late")
        #expect(report.reason == .certificateExpired)
    }

    @Test(arguments: ["+", "/", "="])
    func nonURLBase64IsRejected(_ character: String) throws {
        var parts = try Self.segments()
        parts[1] = String(parts[1].dropLast()) + character
        let report = try Self.validate(Array(parts.joined(separator: ".").utf8))
        #expect(report.status == .malformed && report.reason == .invalidJWS)
    }

    @Test func nonCanonicalTrailingBitsAreRejected() {
        #expect(Base64.decodeURL(Array("QQ".utf8)[...]) == [0x41])
        #expect(Base64.decodeURL(Array("QR".utf8)[...]) == nil)
        #expect(Base64.decodeURL(Array("Q".utf8)[...]) == nil)
    }

    @Test func multiMegabyteJWSIsRejectedBeforeDecoding() throws {
        let huge = "eyJ" + String(repeating: "A", count: 3 << 20) + ".e30.AAAA"
        let report = try Self.validate(Array(huge.utf8))
        #expect(report.status == .malformed && report.reason == .invalidJWS)
        #expect(report.message?.contains("\(CompactJWS.maximumSegmentSize)") == true)
    }

    @Test func wrongSegmentCountsAreRejected() throws {
        for text in ["eyJhIjoxfQ.e30", "eyJhIjoxfQ.e30.AAAA.AAAA", "eyJhIjoxfQ..AAAA"] {
            let report = try Self.validate(Array(text.utf8))
            #expect(report.reason == .invalidJWS, "\(text)")
        }
    }
}
