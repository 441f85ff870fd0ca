import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// StoreKit 2 inputs of one app signed by the EC test PKI: AppTransactions, transactions, renewal
/// infos, notifications of every shape, realtime requests and App Store Server API responses.
enum StoreKit2Material {
    static let bundleID = "com.example.app"
    static let appAppleID: Int64 = 1_234_567_890
    static let device = "3F2A9C1E-7B4D-4E8A-9F10-2C6B5D8E1A47"
    static let nonce = "b3f1c9a2-4d5e-4f60-8a7b-9c0d1e2f3a4b"
    /// base64(SHA-384(nonce + lowercase device)), computed outside this project (Python's hashlib).
    static let deviceVerification = "hqBxWHrjUSfIsVVsAyqZwIIoSPtD92MeDvsnupTiWPdaPzO3JSreF80NsJ0ofP+n"

    static func pki() throws -> TestPKI { try JWSSigningTests.ecPKI.get() }

    /// The JWS text of `spec` (a payload spec, nested payload specs signed in place), by `signer` or the test PKI.
    static func jws(_ spec: String, _ signer: TestPKI? = nil) throws -> String {
        let pki = try signer ?? pki()
        let bytes = try SignedSpec.sign(Array(spec.utf8)) { payload throws(OpenSSLError) in
            try JWSSigner.sign(payload, pki: pki)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A response body from a response spec, each element signed.
    static func response(_ spec: String) throws -> [UInt8] {
        let pki = try pki()
        return try SignedSpec.sign(Array(spec.utf8)) { payload throws(OpenSSLError) in
            try JWSSigner.sign(payload, pki: pki)
        }
    }

    static func appTransaction(originalVersion: String = "1.4", appTransactionID: String = "705000000000001")
        -> String
    {
        """
        {"bundleId":"\(bundleID)","appAppleId":\(appAppleID),"applicationVersion":"3.1",
        "originalApplicationVersion":"\(originalVersion)","originalPurchaseDate":"2021-03-01T10:00:00Z",
        "receiptCreationDate":"2026-11-20T00:00:00Z","receiptType":"Production","environment":"Production",
        "signedDate":"2026-11-20T00:00:00Z","appTransactionId":"\(appTransactionID)","originalPlatform":"iOS",
        "deviceVerification":"\(deviceVerification)","deviceVerificationNonce":"\(nonce)"}
        """
    }

    static func transaction(
        id: String = "1001", product: String = "pro.monthly", expires: String? = "2026-12-15T00:00:00Z",
        extra: String = "", environment: String = "Production", bundle: String = bundleID,
        customer: String? = "705000000000001"
    ) -> String {
        """
        {"transactionId":"\(id)","originalTransactionId":"\(id)","bundleId":"\(bundle)","productId":"\(product)",
        "purchaseDate":"2026-11-15T00:00:00Z",\(expires.map { "\"expiresDate\":\"\($0)\"," } ?? "")
        "type":"Auto-Renewable Subscription","environment":"\(environment)","signedDate":"2026-11-20T00:00:00Z",
        \(customer.map { "\"appTransactionId\":\"\($0)\"," } ?? "")"inAppOwnershipType":"PURCHASED"\(extra)}
        """
    }

    static func renewal(id: String = "1001", extra: String = "") -> String {
        """
        {"originalTransactionId":"\(id)","autoRenewProductId":"pro.monthly","productId":"pro.monthly",
        "autoRenewStatus":1,"environment":"Production","signedDate":"2026-11-20T00:00:00Z"\(extra)}
        """
    }

    static func validate(_ bytes: [UInt8], _ change: (inout ValidationOptions) -> Void = { _ in }) throws
        -> ValidationReport
    {
        var options = ValidationOptions()
        change(&options)
        let root = try Certificate(der: try pki().root.certificateDER)
        return try ReceiptValidator(policy: .custom(roots: [root]), options: options).validate(bytes, input: "input")
    }

    static func validate(_ text: String, _ change: (inout ValidationOptions) -> Void = { _ in }) throws
        -> ValidationReport
    {
        try validate(Array(text.utf8), change)
    }

    /// `jws` with one signature bit flipped.
    static func tampered(_ jws: String) throws -> String {
        var parts = jws.split(separator: ".").map(String.init)
        var signature = try #require(Base64.decodeURL(Array(parts[2].utf8)[...]))
        signature[7] ^= 0x01
        parts[2] = Base64.encodeURL(signature)
        return parts.joined(separator: ".")
    }
}
