import Foundation
import ReceiptKit
import ReceiptKitTesting
import Testing

/// The built binary on StoreKit 2 JWS: verdicts, exit statuses, JSON shape.
@Suite(.timeLimit(.minutes(10))) struct JWSCommandTests {
    @Test func appleSignedJWSIsValidWithJSONPayload() throws {
        let file = try #require(CLI.corpusFile("jws/apple-signed/gopay-4.jws"))
        let result = try CLI.run(["--json", file])
        #expect(result.status == 0)
        let json = try #require(result.json)
        #expect(json["status"] as? String == "valid")
        #expect(json["format"] as? String == "jws")
        let jws = try #require(json["jws"] as? [String: Any])
        #expect(jws["kind"] as? String == "notification")
        #expect((jws["nested"] as? [String: Any])?.count == 2)
    }

    @Test func wrongBundleIdExitsInvalid() throws {
        let file = try #require(CLI.corpusFile("jws/apple-library-test/wrongBundleId.jws"))
        let root = try #require(CLI.corpusFile("jws/roots/apple-asslib-testCA.der"))
        // No signedDate, a chain ending 2033-01-01: judged at a fixed time, never "now".
        let result = try CLI.run([
            "--root", root, "--bundle-id", "com.example", "--at", "2025-01-01T00:00:00Z", "--json", file,
        ])
        #expect(result.status == 2)
        #expect(result.json?["reason"] as? String == "bundle_id_mismatch")
    }

    @Test func xcodeJWSNeedsTheStoreKitTestCertificate() throws {
        let file = try #require(CLI.corpusFile("jws/xcode/xcode-signed-transaction.jws"))
        let certificate = try #require(CLI.corpusFile("jws/roots/xcode-storekit-testing-selfsigned.cer"))
        #expect(try CLI.run([file]).status == 2)
        let accepted = try CLI.run(["--storekit-test-cert", certificate, file])
        #expect(accepted.status == 0)
        #expect(accepted.stdout.contains("storekit_testing"))
    }

    @Test func notificationBodyOnStandardInput() throws {
        let file = try #require(CLI.corpusFile("jws/apple-signed/store-receipt-validator-1.jws"))
        let text = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let result = try CLI.run(["--json", "-"], stdin: Data("{\"signedPayload\":\"\(text)\"}".utf8))
        #expect(result.status == 0)
        #expect(result.json?["format"] as? String == "notification_json")
    }

    /// A custom link token's type and expiry (Notifications 2.17) are rows of the text report.
    @Test func aCustomLinkTokensTypeAndExpiryArePrinted() throws {
        let workspace = try NotificationWorkspace()
        let spec = """
            {"notificationType":"EXTERNAL_PURCHASE_TOKEN","subtype":"UNREPORTED","version":"2.0",
            "notificationUUID":"0b2c6d4e-0000-4000-8000-000000000009","signedDate":"2026-11-21T00:00:00Z",
            "externalPurchaseToken":{"externalPurchaseId":"SANDBOX_c3","tokenCreationDate":1698148950000,
            "tokenType":"SERVICES","tokenExpirationDate":1698235350000,"appAppleId":1234567890,
            "bundleId":"\(NotificationWorkspace.bundleID)"}}
            """
        let jws = try SignedSpec.sign(Array(spec.utf8)) { payload throws(OpenSSLError) in
            try JWSSigner.sign(payload, pki: workspace.pki)
        }
        let file = try workspace.file("token.jws", jws)
        let result = try CLI.run(workspace.trust + [file])
        #expect(result.stdout.contains("SERVICES") && result.stdout.contains("2023-10-25"), "\(result.stdout)")
        #expect(result.stdout.contains("token type") && result.stdout.contains("token expires"))
    }

    @Test func oversizedJWSIsUndecodable() throws {
        let huge = "eyJ" + String(repeating: "A", count: 1 << 20) + ".e30.AAAA"
        let result = try CLI.run(["--json", "-"], stdin: Data(huge.utf8))
        #expect(result.status == 65)
        #expect(result.json?["reason"] as? String == "invalid_jws")
    }
}
