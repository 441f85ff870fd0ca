import Foundation
import ReceiptKit
import ReceiptKitTesting

/// A scratch directory with an EC test PKI (`root.pem`) and a store path, and notification bodies of the
/// test app (`com.example.app`) signed by that PKI; removed when the value goes away.
final class NotificationWorkspace: @unchecked Sendable {
    static let bundleID = "com.example.app"
    let path: String
    let pki: TestPKI

    /// `ocspURL`: the responder the leaf and the intermediate name (for `--online-checks`).
    init(ocspURL: String? = nil) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var options = TestPKI.Options()
        options.keyType = .ec
        options.leafOCSPURL = ocspURL
        options.intermediateOCSPURL = ocspURL
        pki = try TestPKI.generate(options)
        try pki.write(to: path + "/pki")
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    var root: String { path + "/pki/root.pem" }
    var store: String { path + "/store.sqlite" }
    /// The options every command here takes: the test root and the app.
    var trust: [String] { ["--root", root, "--bundle-id", Self.bundleID] }

    /// A notification body (`{"signedPayload": ...}`) about transaction `id`, signed at `signed` by `signer`
    /// (this workspace's PKI unless given).
    func notification(
        uuid: String = UUID().uuidString.lowercased(), type: String = "DID_RENEW",
        signed: String = "2026-11-20T00:00:00Z", id: String = "1001", extra: String = "",
        environment: String = "Production", bundle: String = bundleID, signer: TestPKI? = nil
    ) throws -> [UInt8] {
        let transaction = """
            {"transactionId":"\(id)","originalTransactionId":"\(id)","bundleId":"\(bundle)",
            "productId":"pro.monthly","purchaseDate":"2026-11-15T00:00:00Z","expiresDate":"2026-12-15T00:00:00Z",
            "type":"Auto-Renewable Subscription","environment":"\(environment)","signedDate":"\(signed)",
            "inAppOwnershipType":"PURCHASED"\(extra)}
            """
        let renewal = """
            {"originalTransactionId":"\(id)","autoRenewProductId":"pro.monthly","productId":"pro.monthly",
            "autoRenewStatus":1,"environment":"\(environment)","signedDate":"\(signed)"}
            """
        let spec = """
            {"notificationType":"\(type)","notificationUUID":"\(uuid)","version":"2.0","signedDate":"\(signed)",
            "data":{"appAppleId":1234567890,"bundleId":"\(bundle)","environment":"\(environment)",
            "signedTransactionInfo":\(transaction),"signedRenewalInfo":\(renewal)}}
            """
        let key = signer ?? pki
        let jws = try SignedSpec.sign(Array(spec.utf8)) { payload throws(OpenSSLError) in
            try JWSSigner.sign(payload, pki: key)
        }
        return Array(#"{"signedPayload":"\#(String(decoding: jws, as: UTF8.self))"}"#.utf8)
    }

    /// Writes `body` to a file named `name` here; its path.
    func file(_ name: String, _ body: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(body).write(to: URL(fileURLWithPath: file))
        return file
    }
}
