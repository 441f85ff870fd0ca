import Foundation
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

/// What a StoreKit 2 verifier must refuse even when Apple's chain (here the test PKI's) signed it, and
/// what one reading of every input means: each case is signed for real and verified whole.
@Suite struct JWSConformanceTests {
    static func sign(_ payload: String, _ pki: TestPKI, extraHeader: String? = nil) throws -> [UInt8] {
        try JWSSigner.sign(
            Array(payload.utf8), signer: pki.leaf, chain: [pki.intermediate, pki.root], extraHeader: extraHeader)
    }

    static func validate(_ input: [UInt8], _ pki: TestPKI, _ change: (inout ValidationOptions) -> Void = { _ in })
        throws -> ValidationReport
    {
        var options = ValidationOptions()
        change(&options)
        let policy = TrustPolicy.custom(roots: [try Certificate(der: pki.root.certificateDER)])
        return try ReceiptValidator(policy: policy, options: options).validate(input, input: "test")
    }

    static let transaction = """
        {"transactionId":"7","originalTransactionId":"5","bundleId":"com.example.app","productId":"pro.year",
        "purchaseDate":1714521600000,"expiresDate":1746057600000,"type":"Auto-Renewable Subscription",
        "environment":"Production","signedDate":1714521600000}
        """

    @Test func genuineTransactionVerifies() throws {
        let pki = try JWSSigningTests.ecPKI.get()
        let report = try Self.validate(try Self.sign(Self.transaction, pki), pki)
        #expect(report.status == .valid, "\(report.message ?? "")")
    }

    /// A payload naming `bundleId` twice, signed by the trusted chain: other languages' parsers keep the last.
    @Test func signedPayloadWithADuplicateMemberIsMalformed() throws {
        let pki = try JWSSigningTests.ecPKI.get()
        let payload = Self.transaction.replacingOccurrences(
            of: "\"productId\"", with: "\"bundleId\":\"com.attacker.app\",\"productId\"")
        let report = try Self.validate(try Self.sign(payload, pki), pki) { $0.bundleID = "com.example.app" }
        #expect(report.status == .malformed && report.reason == .duplicateMember)
        #expect(report.message?.contains("\"bundleId\" twice (at byte") == true, "\(report.message ?? "")")
        #expect(EntitlementFacts(report: report) == nil)
    }

    @Test func headerWithADuplicateMemberIsMalformed() throws {
        let pki = try JWSSigningTests.ecPKI.get()
        let report = try Self.validate(try Self.sign(Self.transaction, pki, extraHeader: "\"alg\":\"none\""), pki)
        #expect(report.status == .malformed && report.reason == .duplicateMember, "\(report.message ?? "")")
    }

    /// RFC 7515 4.1.11: extensions named in crit must be understood, and StoreKit defines none.
    @Test func critHeaderIsRefused() throws {
        let pki = try JWSSigningTests.ecPKI.get()
        let report = try Self.validate(try Self.sign(Self.transaction, pki, extraHeader: "\"crit\":[\"exp\"]"), pki)
        #expect(report.status == .malformed && report.reason == .invalidJWS)
        #expect(report.message?.contains("crit") == true)
    }

    /// A 256-bit EC leaf on another curve is not ES256, however well it signs.
    @Test(arguments: ["secp256k1", "brainpoolP256r1"])
    func leafOnAnotherCurveIsRefused(_ curve: String) throws {
        var options = TestPKI.Options()
        options.keyType = .ec
        options.curve = curve
        let pki = try TestPKI.generate(options)
        let report = try Self.validate(try Self.sign(Self.transaction, pki), pki)
        #expect(report.status == .invalid && report.reason == .unsupportedAlgorithm, "\(report.message ?? "")")
        #expect(report.message?.contains(curve) == true, "\(report.message ?? "")")
    }

    /// After the year 9999 (or near 10^15 ms) a date is malformed, not shown as Xcode's placeholder.
    @Test(arguments: ["253402300800000", "999999999999999", "1e300"])
    func dateBeyondTheYear9999IsMalformed(_ value: String) throws {
        let pki = try JWSSigningTests.ecPKI.get()
        let payload = Self.transaction.replacingOccurrences(of: "1746057600000", with: value)
        let report = try Self.validate(try Self.sign(payload, pki), pki)
        #expect(report.status == .malformed && report.reason == .invalidJWS, "\(report.message ?? "")")
        #expect(report.message?.contains("expiresDate") == true, "\(report.message ?? "")")
        let last = Self.transaction.replacingOccurrences(of: "1746057600000", with: "253402300799999")
        #expect(try Self.validate(try Self.sign(last, pki), pki).status == .valid)
    }

    /// `com.\u{212A}ing` (Kelvin sign) equals `com.King` under Swift's `==`; the App Store tells them apart.
    @Test(arguments: [("com.\u{212A}ing", "com.King"), ("caf\u{e9}.app", "cafe\u{301}.app")])
    func bundleIDsCompareByteForByte(_ signed: String, _ expected: String) throws {
        #expect(signed == expected)
        let pki = try JWSSigningTests.ecPKI.get()
        let payload = Self.transaction.replacingOccurrences(of: "com.example.app", with: signed)
        let report = try Self.validate(try Self.sign(payload, pki), pki) { $0.bundleID = expected }
        #expect(report.status == .invalid && report.reason == .bundleIDMismatch)
        #expect(try Self.validate(try Self.sign(payload, pki), pki) { $0.bundleID = signed }.status == .valid)
    }

    @Test func localTestingIsTheXcodeEnvironment() throws {
        let pki = try JWSSigningTests.ecPKI.get()
        let payload = Self.transaction.replacingOccurrences(of: "\"Production\"", with: "\"LocalTesting\"")
        let jws = try Self.sign(payload, pki)
        #expect(try Self.validate(jws, pki) { $0.environment = .xcode }.status == .valid)
        let production = try Self.validate(jws, pki) { $0.environment = .production }
        #expect(production.status == .invalid && production.reason == .environmentMismatch)
        // The same name given as text, as a library caller may give it.
        #expect(ReceiptEnvironment(storeKit: "LocalTesting") == .xcode)
    }

    /// Apple: do not provide service for an upgraded transaction.
    @Test func upgradedTransactionGrantsNoSubscription() throws {
        let pki = try JWSSigningTests.ecPKI.get()
        let rules = RuleSet(rules: [try RuleParser.parse("pro: subscription \"pro.year\" active", origin: "t")])
        let time = try #require(try RFC3339.parse("2024-06-01T00:00:00Z"))
        for (upgraded, granted) in [(false, true), (true, false)] {
            let payload = Self.transaction.replacingOccurrences(
                of: "\"signedDate\"", with: "\"isUpgraded\":\(upgraded),\"signedDate\"")
            let facts = try #require(EntitlementFacts(report: try Self.validate(try Self.sign(payload, pki), pki)))
            let decision = try #require(rules.evaluate(facts: facts, at: time, platform: nil, maximumAge: nil).first)
            #expect(decision.granted == granted, "\(decision.reasons)")
            if upgraded {
                #expect(decision.reasons.first?.contains("upgraded to another product (transaction 7)") == true)
                let status = SubscriptionStatus.status(of: "pro.year", in: facts.purchases, at: time, reminderDays: 0)
                #expect(status.state == .upgraded)
            }
        }
    }

    /// The payload that cost over a second to decode (21,000 zeros nested 30 deep, unsigned) is refused at
    /// the value cap, after its header and signature have already failed.
    @Test func payloadOverTheValueCapIsMalformed() throws {
        let pki = try JWSSigningTests.ecPKI.get()
        let zeros = Array(repeating: "0", count: 21_000).joined(separator: ",")
        let payload = String(repeating: "[", count: 30) + zeros + String(repeating: "]", count: 30)
        let unsigned =
            Base64.encodeURL(Array("{\"alg\":\"ES256\"}".utf8)) + "." + Base64.encodeURL(Array(payload.utf8)) + ".AAAA"
        for input in [Array(unsigned.utf8), try Self.sign(payload, pki)] {
            let report = try Self.validate(input, pki)
            #expect(report.status == .malformed && report.reason == .invalidJWS)
            #expect(report.message?.contains("more than 1024 JSON values") == true, "\(report.message ?? "")")
        }
        let deep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        let report = try Self.validate(try Self.sign(deep, pki), pki)
        #expect(report.message?.contains("nested deeper than 32 levels") == true, "\(report.message ?? "")")
    }

    // MARK: - Bodies

    static func body(_ members: String) -> [UInt8] { Array("{\(members)}".utf8) }

    @Test func notificationBodyNamingSignedPayloadTwiceIsMalformed() throws {
        let pki = try JWSSigningTests.ecPKI.get()
        let genuine = String(decoding: try Self.sign(Self.transaction, pki), as: UTF8.self)
        let report = try Self.validate(
            Self.body("\"signedPayload\":\"\(genuine)\",\"signedPayload\":\"eyJhbGciOiJub25lIn0.e30.\""), pki)
        #expect(report.status == .malformed && report.reason == .duplicateMember)
        #expect(report.message?.contains("\"signedPayload\" twice (at byte") == true)
    }

    @Test func bodyCarryingTwoInputsIsAmbiguous() throws {
        let pki = try JWSSigningTests.ecPKI.get()
        let genuine = String(decoding: try Self.sign(Self.transaction, pki), as: UTF8.self)
        // Refused before either is decoded: any receipt-data will do.
        let receipt = "MIIBAAAA"
        let report = try Self.validate(
            Self.body("\"receipt-data\":\"\(receipt)\",\"signedPayload\":\"\(genuine)\""), pki)
        #expect(report.status == .malformed && report.reason == .ambiguousInput)
        #expect(report.message?.contains("\"receipt-data\" and \"signedPayload\"") == true)
        let alone = try Self.validate(Self.body("\"signedPayload\":\"\(genuine)\",\"password\":\"x\""), pki)
        #expect(alone.status == .valid, "\(alone.message ?? "")")
    }
}
