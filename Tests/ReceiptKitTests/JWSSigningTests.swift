import Foundation
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

/// JWS signed in-process with an EC P-256 test PKI: what verifies, what each broken chain is
/// rejected for, and what rules read from a verified AppTransaction or transaction.
@Suite(.timeLimit(.minutes(10))) struct JWSSigningTests {
    static let ecPKI: Result<TestPKI, OpenSSLError> = Result { () throws(OpenSSLError) in
        var options = TestPKI.Options()
        options.keyType = .ec
        return try TestPKI.generate(options)
    }

    static func pki(_ change: (inout TestPKI.Options) -> Void = { _ in }) throws -> TestPKI {
        var options = TestPKI.Options()
        options.keyType = .ec
        change(&options)
        return try TestPKI.generate(options)
    }

    static func appTransaction(originalVersion: String = "37", signed: String = "2024-05-01T00:00:00Z") -> [UInt8] {
        Array(
            """
            {"bundleId":"com.example.app","applicationVersion":"50","originalApplicationVersion":"\(originalVersion)",
            "originalPurchaseDate":"2020-03-01T10:00:00Z","receiptCreationDate":"\(signed)",
            "receiptType":"Production","environment":"Production","signedDate":"\(signed)"}
            """.utf8)
    }

    static func sign(_ spec: [UInt8], _ pki: TestPKI) throws -> [UInt8] {
        try JWSSigner.sign(try JWSPayloadSpec.payload(from: spec), pki: pki)
    }

    static func validate(_ jws: [UInt8], trusting pki: TestPKI?) throws -> ValidationReport {
        let policy =
            try pki.map { TrustPolicy.custom(roots: [try Certificate(der: $0.root.certificateDER)]) } ?? .apple()
        return try ReceiptValidator(policy: policy).validate(jws, input: "signed.jws")
    }

    @Test func signedAppTransactionVerifiesWithItsRoot() throws {
        let pki = try Self.ecPKI.get()
        let jws = try Self.sign(Self.appTransaction(), pki)
        let report = try Self.validate(jws, trusting: pki)
        #expect(report.status == .valid, "\(report.message ?? "")")
        #expect(report.jws?.kind == .appTransaction)
        #expect(report.trust?.validationTime == Date(timeIntervalSince1970: 1_714_521_600))
        let header = try #require(Base64.decodeURL(jws.split(separator: UInt8(ascii: "."))[0]))
        #expect(String(decoding: header, as: UTF8.self).hasPrefix("{\"alg\":\"ES256\",\"x5c\":[\""))
    }

    @Test func signatureIsJOSEShaped() throws {
        let jws = try Self.sign(Self.appTransaction(), try Self.ecPKI.get())
        let parts = jws.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(try #require(Base64.decodeURL(parts[2])).count == 64)
    }

    @Test func flippedSignatureByteIsRejected() throws {
        let pki = try Self.ecPKI.get()
        var parts = try Self.sign(Self.appTransaction(), pki).split(separator: UInt8(ascii: ".")).map(Array.init)
        var signature = try #require(Base64.decodeURL(parts[2][...]))
        signature[40] ^= 0x20
        parts[2] = Array(Base64.encodeURL(signature).utf8)
        let report = try Self.validate(Array(parts.joined(separator: [UInt8(ascii: ".")])), trusting: pki)
        #expect(report.status == .invalid && report.reason == .signatureMismatch)
        #expect(EntitlementFacts(report: report) == nil)
    }

    @Test func signedJWSIsUntrustedWithoutItsRoot() throws {
        let report = try Self.validate(try Self.sign(Self.appTransaction(), try Self.ecPKI.get()), trusting: nil)
        #expect(report.status == .invalid && report.reason == .untrustedChain)
    }

    @Test func selfMadeRootWithAppleRootG3NameIsUntrusted() throws {
        let forged = try Self.pki { $0.rootSubjectOf = AppleRootCertificates.appleRootCAG3 }
        let apple = try Certificate(der: AppleRootCertificates.appleRootCAG3)
        let root = try Certificate(der: forged.root.certificateDER)
        #expect(root.subject == apple.subject)
        let jws = try Self.sign(Self.appTransaction(), forged)
        let report = try Self.validate(jws, trusting: nil)
        #expect(report.status == .invalid && report.reason == .untrustedChain, "\(report.message ?? "")")
        // The same JWS verifies against its own root: the trust anchor is the only thing rejecting it.
        #expect(try Self.validate(jws, trusting: forged).status == .valid)
    }

    @Test func leafExpiredAtTheSignedDateIsRejected() throws {
        let pki = try Self.pki {
            $0.leafNotBefore = Date(timeIntervalSince1970: 1_546_300_800)  // 2019-01-01
            $0.leafNotAfter = Date(timeIntervalSince1970: 1_577_836_799)  // 2019-12-31T23:59:59Z
        }
        let report = try Self.validate(try Self.sign(Self.appTransaction(), pki), trusting: pki)
        #expect(report.status == .invalid && report.reason == .certificateExpired, "\(report.message ?? "")")
    }

    @Test(arguments: [true, false])
    func chainWithoutAMarkerOIDIsRejected(_ leafLacksIt: Bool) throws {
        let pki = try Self.pki {
            if leafLacksIt { $0.leafMarker = false } else { $0.intermediateMarker = false }
        }
        let report = try Self.validate(try Self.sign(Self.appTransaction(), pki), trusting: pki)
        #expect(report.status == .invalid && report.reason == .missingMarkerOID, "\(report.message ?? "")")
    }

    @Test func rsaKeyCannotSignES256() throws {
        let rsa = try SharedPKI.get()
        #expect(throws: OpenSSLError.self) { try JWSSigner.sign(Self.appTransaction(), pki: rsa) }
    }

    @Test func specDatesBecomeMilliseconds() throws {
        let payload = try JWSPayloadSpec.payload(from: Self.appTransaction())
        let text = String(decoding: payload, as: UTF8.self)
        #expect(text.contains("\"signedDate\":1714521600000"))
        #expect(text.contains("\"originalPurchaseDate\":1583056800000"))
        #expect(throws: ReceiptError.self) { try JWSPayloadSpec.payload(from: Array("[1]".utf8)) }
        #expect(throws: ReceiptError.self) {
            try JWSPayloadSpec.payload(from: Array("{\"signedDate\":\"yesterday\"}".utf8))
        }
    }

    // MARK: - Rules on verified payloads

    @Test(arguments: [("37", true), ("41", true), ("42", false), ("45", false)])
    func grandfatheringReadsTheAppTransaction(_ version: String, _ granted: Bool) throws {
        let pki = try Self.ecPKI.get()
        let report = try Self.validate(try Self.sign(Self.appTransaction(originalVersion: version), pki), trusting: pki)
        let facts = try #require(EntitlementFacts(report: report))
        #expect(facts.source == .appTransaction && facts.environment == .production)
        let rules = RuleSet(rules: [try RuleParser.parse("premium: original_application_version < 42", origin: "t")])
        let decision = try #require(
            rules.evaluate(facts: facts, at: Date(timeIntervalSince1970: 1_714_564_800), platform: .ios).first)
        #expect(decision.granted == granted, "\(decision.reasons)")
    }

    @Test func transactionGrantsProductAndActiveSubscription() throws {
        let pki = try Self.ecPKI.get()
        let spec = Array(
            """
            {"transactionId":"2000000123","originalTransactionId":"2000000100","bundleId":"com.example.app",
            "productId":"pro.monthly","purchaseDate":"2024-05-01T00:00:00Z","expiresDate":"2024-06-01T00:00:00Z",
            "revocationDate":"2024-05-20T00:00:00Z","type":"Auto-Renewable Subscription",
            "environment":"Production","signedDate":"2024-05-01T00:00:01Z"}
            """.utf8)
        let report = try Self.validate(try Self.sign(spec, pki), trusting: pki)
        let facts = try #require(EntitlementFacts(report: report))
        let rules = RuleSet(rules: [
            try RuleParser.parse("pro: subscription \"pro.monthly\" active", origin: "t1"),
            try RuleParser.parse("owned: product \"pro.monthly\"", origin: "t2"),
        ])
        func granted(_ time: String) throws -> [Bool] {
            rules.evaluate(facts: facts, at: try #require(try RFC3339.parse(time)), platform: nil, maximumAge: nil)
                .map(\.granted)
        }
        // product on an auto-renewable subscription would hold it after it expired: it is never granted.
        #expect(try granted("2024-04-30T00:00:00Z") == [false, false])
        #expect(try granted("2024-05-10T00:00:00Z") == [true, false])
        // Revoked on 2024-05-20: the subscription does not count from then on.
        #expect(try granted("2024-05-25T00:00:00Z") == [false, false])
    }
}
