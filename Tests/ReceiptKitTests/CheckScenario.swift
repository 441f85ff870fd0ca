import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One input and the options it is checked with, minted from the test PKI, and the reason code
/// the verifier must give (nil: it must be valid). Every check has a scenario that only it can
/// reject, so a check weakened or removed lets that scenario through.
struct CheckScenario: Sendable, CustomTestStringConvertible {
    let name: String
    let expected: ReasonCode?
    let run: @Sendable () throws -> Outcome

    var testDescription: String { name }

    /// A report, or an error raised before there is one (reading the input).
    enum Outcome {
        case report(ValidationReport)
        case error(ReceiptError)

        var reason: ReasonCode? {
            switch self {
            case .report(let report): report.reason
            case .error(let error): error.reason
            }
        }

        var summary: String {
            switch self {
            case .report(let report):
                "\(report.status.rawValue) \(report.reason?.rawValue ?? "-"): \(report.message ?? "")"
            case .error(let error): "error \(error.reason.rawValue): \(error.message)"
            }
        }
    }
}

/// Hierarchies and payloads the scenarios share. Keys are made once per test run: RSA for the
/// certificates that sign receipts, EC P-256 for CAs (faster, and chain building does not care).
enum CheckMaterial {
    static let bundleID = "com.example.receiptcheck"
    static let device = "3F2A9C1E-7B4D-4E8A-9F10-2C6B5D8E1A47"
    static let otherDevice = "A1B2C3D4-0000-4000-8000-0123456789AB"
    static let opaque: [UInt8] = [0x5F, 0x1E, 0x2D, 0x3C, 0x4B, 0x5A, 0x69, 0x78, 0x87, 0x96, 0xA5, 0xB4]
    /// 2024-05-01T12:00:00Z: every receipt's creation date, so validity is always judged then.
    static let created = Date(timeIntervalSince1970: 1_714_564_800)
    static let year2020 = Date(timeIntervalSince1970: 1_577_836_800)
    static let year2030 = Date(timeIntervalSince1970: 1_893_456_000)

    /// A production receipt for `device`, every field a check reads present.
    static func receipt(_ change: (inout ParsedReceipt) -> Void = { _ in }) throws -> [UInt8] {
        let bundleData = try #require(try ReceiptEncoder.bundleIDValue(ParsedReceipt(bundleID: bundleID)))
        var receipt = ParsedReceipt(
            receiptType: "Production", appItemID: 1_234_567_890, bundleID: bundleID, bundleIDData: bundleData,
            applicationVersion: "1.2", opaqueValue: opaque,
            sha1Hash: try DeviceHash.compute(
                deviceID: try DeviceIdentifier(parsing: device), opaque: opaque, bundleIDData: bundleData),
            receiptCreationDate: created, originalPurchaseDate: Date(timeIntervalSince1970: 1_676_363_400),
            originalApplicationVersion: "37")
        change(&receipt)
        return try ReceiptEncoder.encode(receipt)
    }

    /// Signed like the App Store with the shared test PKI.
    static func signed(_ payload: [UInt8], _ change: (inout ReceiptSigner.Options) throws -> Void = { _ in }) throws
        -> [UInt8]
    {
        var options = ReceiptSigner.Options()
        try change(&options)
        return try ReceiptSigner.sign(payload, pki: try SharedPKI.get(), options: options)
    }

    /// Checks `bytes` trusting `roots` (the shared PKI's root when nil).
    static func validate(
        _ bytes: [UInt8], roots: [TestCredential]? = nil, storeKit: TestCredential? = nil,
        _ change: (inout ValidationOptions) throws -> Void = { _ in }
    ) throws -> CheckScenario.Outcome {
        var options = ValidationOptions()
        try change(&options)
        let anchors = try (roots ?? [try SharedPKI.get().root]).map { try Certificate(der: $0.certificateDER) }
        let policy = TrustPolicy.custom(
            roots: anchors, storeKitTestCertificate: try storeKit.map { try Certificate(der: $0.certificateDER) })
        return .report(try ReceiptValidator(policy: policy, options: options).validate(bytes, input: "scenario"))
    }

    /// Offline online checks at the receipt's creation date, from CRLs of the shared PKI's intermediate
    /// (revoking the leaf or nothing) and root, current from 2024-01-01 for a year.
    static func revocationLists(revokingLeaf: Bool) throws -> OnlineChecks {
        let pki = try SharedPKI.get()
        let thisUpdate = Date(timeIntervalSince1970: 1_704_067_200)
        let nextUpdate = thisUpdate.addingTimeInterval(366 * 86_400)
        let lists = [
            try TestPKI.crl(
                issuer: pki.intermediate, revoking: revokingLeaf ? [pki.leaf] : [], thisUpdate: thisUpdate,
                nextUpdate: nextUpdate),
            try TestPKI.crl(issuer: pki.root, thisUpdate: thisUpdate, nextUpdate: nextUpdate),
        ]
        var checks = OnlineChecks(
            fetchesFromResponders: false, crls: try lists.map { try CertificateRevocationList(derOrPEM: $0) })
        checks.time = created
        return checks
    }

    // MARK: - Hierarchies beside the standard one

    struct Hierarchy: Sendable {
        let root: TestCredential
        /// What the receipt embeds after the signer, in order.
        let chain: [TestCredential]
        let signer: TestCredential

        func sign(_ payload: [UInt8]) throws -> [UInt8] {
            try ReceiptSigner.sign(payload, signer: signer, chain: chain.map(\.certificatePEM), options: .init())
        }
    }

    private static func make(_ build: @Sendable () throws -> Hierarchy) -> Result<Hierarchy, any Error> {
        Result { try build() }
    }

    /// Leaf directly under a root that carries the intermediate marker: only the length rule rejects it.
    static let twoCertificates = make {
        let root = try TestPKI.issue(
            commonName: "Two-level Root", role: .certificateAuthority, markers: [MarkerOID.intermediate],
            keyType: .ec)
        let leaf = try TestPKI.issue(
            commonName: "Two-level Leaf", role: .signer, markers: [MarkerOID.receiptSigning], by: root)
        return Hierarchy(root: root, chain: [root], signer: leaf)
    }

    /// Leaf, two marked intermediates, root: only the length rule rejects it.
    static let fourCertificates = make {
        let pki = try SharedPKI.get()
        let upper = try TestPKI.issue(
            commonName: "Upper Intermediate", role: .certificateAuthority, markers: [MarkerOID.intermediate],
            keyType: .ec, by: pki.root)
        let lower = try TestPKI.issue(
            commonName: "Lower Intermediate", role: .certificateAuthority, markers: [MarkerOID.intermediate],
            keyType: .ec, by: upper)
        let leaf = try TestPKI.issue(
            commonName: "Four-level Leaf", role: .signer, markers: [MarkerOID.receiptSigning], by: lower)
        return Hierarchy(root: pki.root, chain: [lower, upper, pki.root], signer: leaf)
    }

    /// The standard shape under the shared root, with an intermediate valid only from `from` to `to`.
    static func intermediateValid(from: Date, to: Date) -> Result<Hierarchy, any Error> {
        make {
            let pki = try SharedPKI.get()
            let intermediate = try TestPKI.issue(
                commonName: "Dated Intermediate", role: .certificateAuthority, markers: [MarkerOID.intermediate],
                notBefore: from, notAfter: to, keyType: .ec, by: pki.root)
            let leaf = try TestPKI.issue(
                commonName: "Leaf under a dated intermediate", role: .signer, markers: [MarkerOID.receiptSigning],
                by: intermediate)
            return Hierarchy(root: pki.root, chain: [intermediate, pki.root], signer: leaf)
        }
    }

    /// Expired on 2020-01-01, four years before the receipt; the leaf under it is valid throughout.
    static let expiredIntermediate = intermediateValid(from: TestPKI.defaultNotBefore, to: year2020)
    /// Valid from 2030 only; the leaf under it is valid throughout.
    static let futureIntermediate = intermediateValid(from: year2030, to: TestPKI.defaultNotAfter)

    /// A leaf valid from 2030 under the shared intermediate.
    static let futureLeaf = make {
        let pki = try SharedPKI.get()
        let leaf = try TestPKI.issue(
            commonName: "Future Leaf", role: .signer, markers: [MarkerOID.receiptSigning],
            notBefore: year2030, by: pki.intermediate)
        return Hierarchy(root: pki.root, chain: [pki.intermediate, pki.root], signer: leaf)
    }

    /// The shared root and intermediate over a leaf without the receipt-signing marker.
    static let unmarkedLeaf = make {
        let pki = try SharedPKI.get()
        let leaf = try TestPKI.issue(commonName: "Unmarked Leaf", role: .signer, by: pki.intermediate)
        return Hierarchy(root: pki.root, chain: [pki.intermediate, pki.root], signer: leaf)
    }

    /// Valid at the receipt's creation date (2019-06-01), expired since 2019-12-31.
    static let expiredSince2019 = make {
        let pki = try SharedPKI.get()
        let leaf = try TestPKI.issue(
            commonName: "Leaf of 2019", role: .signer, markers: [MarkerOID.receiptSigning],
            notBefore: Date(timeIntervalSince1970: 1_546_300_800), notAfter: Date(timeIntervalSince1970: 1_577_836_799),
            by: pki.intermediate)
        return Hierarchy(root: pki.root, chain: [pki.intermediate, pki.root], signer: leaf)
    }

    // MARK: - JWS

    static let ecPKI = JWSSigningTests.ecPKI
    /// Same names as `ecPKI`, different keys: a chain no trusted root vouches for.
    static let rogueECPKI: Result<TestPKI, OpenSSLError> = Result { () throws(OpenSSLError) in
        var options = TestPKI.Options()
        options.keyType = .ec
        return try TestPKI.generate(options)
    }

    static let transactionSpec = """
        {"transactionId":"2000000123","originalTransactionId":"2000000100","bundleId":"com.example.app",
        "productId":"pro.monthly","purchaseDate":"2024-05-01T00:00:00Z","type":"Non-Consumable",
        "environment":"Production","signedDate":"2024-05-01T00:00:01Z"}
        """

    static func jws(_ spec: String, _ pki: TestPKI) throws -> [UInt8] {
        try JWSSigner.sign(try JWSPayloadSpec.payload(from: Array(spec.utf8)), pki: pki)
    }

    /// A notification whose own signature is good, carrying `transaction` as its signed transaction.
    static func notification(carrying transaction: [UInt8], _ pki: TestPKI) throws -> [UInt8] {
        try jws(
            """
            {"notificationType":"ONE_TIME_CHARGE","notificationUUID":"0b2c6d4e-0000-4000-8000-000000000001",
            "version":"2.0","signedDate":"2024-05-01T00:00:02Z",
            "data":{"bundleId":"com.example.app","environment":"Production",
            "signedTransactionInfo":"\(String(decoding: transaction, as: UTF8.self))"}}
            """, pki)
    }

    /// An EC PKI whose leaf was valid through 2019 only.
    static let ecPKI2019: Result<TestPKI, OpenSSLError> = Result { () throws(OpenSSLError) in
        var options = TestPKI.Options()
        options.keyType = .ec
        options.leafNotBefore = Date(timeIntervalSince1970: 1_546_300_800)
        options.leafNotAfter = Date(timeIntervalSince1970: 1_577_836_799)
        return try TestPKI.generate(options)
    }

    /// A transaction signed on 2019-06-01 by `ecPKI2019`'s leaf.
    static func transactionOf2019() throws -> [UInt8] {
        let spec = transactionSpec.replacingOccurrences(of: "2024-05-01", with: "2019-06-01")
        return try jws(spec, ecPKI2019.get())
    }

    static func validateJWS(
        _ bytes: [UInt8], trusting pki: TestPKI? = nil, _ change: (inout ValidationOptions) -> Void = { _ in }
    ) throws -> CheckScenario.Outcome {
        var options = ValidationOptions()
        change(&options)
        let root = try Certificate(der: try (pki ?? ecPKI.get()).root.certificateDER)
        return .report(
            try ReceiptValidator(policy: .custom(roots: [root]), options: options).validate(bytes, input: "scenario"))
    }

    /// A compact JWS from raw header and payload text and a placeholder signature.
    static func unsignedJWS(header: String, payload: String) -> [UInt8] {
        Array(
            (Base64.encodeURL(Array(header.utf8)) + "." + Base64.encodeURL(Array(payload.utf8)) + "."
                + Base64.encodeURL([UInt8](repeating: 7, count: 64))).utf8)
    }
}
