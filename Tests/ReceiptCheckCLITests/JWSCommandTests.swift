import Foundation
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

    @Test func oversizedJWSIsUndecodable() throws {
        let huge = "eyJ" + String(repeating: "A", count: 1 << 20) + ".e30.AAAA"
        let result = try CLI.run(["--json", "-"], stdin: Data(huge.utf8))
        #expect(result.status == 65)
        #expect(result.json?["reason"] as? String == "invalid_jws")
    }
}
