import Foundation
import ReceiptKit
import TestSupport
import Testing

/// Apple's app-store-server-library 3.1.2 (PyPI, in the test venv) as the peer of `sign`: for one key
/// and the same values, each JWS decodes to Apple's header and claims (times and nonces aside) and
/// verifies with the public key; each side's original offer signature verifies with the other's check
/// (Scripts/sign-peer.py). Each realtime response body reads into Apple's `RealtimeResponseBody` and
/// writes back unchanged, its offer signature verifying.
@Suite(.timeLimit(.minutes(10))) struct SignPeerConformanceTests {
    @Test func receiptCheckSignsAsApplesLibraryDoes() throws {
        guard let python = ReportSchemaTests.python() else { return }
        let keys = try SigningKeyFiles()
        let request = try keys.scratch.write(
            "request.json",
            Array(
                """
                {"currency": "USD", "item": {"SKU": "com.example.sku1", "description": "A sword",
                 "displayName": "Sword", "price": 4990}, "operation": "CREATE_ONE_TIME_CHARGE",
                 "requestInfo": {"requestReferenceId": "f5a9e0a4-5b0c-4c55-8a0c-2a3c1c1ad5d1"},
                 "taxCode": "C003-00-1", "version": "1"}
                """.utf8))
        let product = "com.example.monthly"
        let offer = "WINBACK-50"
        let transaction = "2000000123456789"
        let original = (username: "6A1E3B2C-8F4D-4E2A-9B7C-1D2E3F4A5B6C", nonce: "3f1c7a52-7a0c-4f2b-9d34-0b9f8b0d2a11")
        let timestamp: Int64 = 1_700_000_000_000
        let issuer = ["--issuer-id", SigningKeyFiles.issuerID]
        let runs: [String: [String]] = [
            "promotional-offer": [
                "--product-id", product, "--offer-id", offer, "--application-username", original.username, "--nonce",
                original.nonce, "--timestamp", String(timestamp),
            ],
            "promotional-offer-v2": issuer + [
                "--product-id", product, "--offer-id", offer, "--transaction-id", transaction,
            ],
            "introductory-offer-eligibility": issuer + [
                "--product-id", product, "--allow-introductory-offer", "false", "--transaction-id", transaction,
            ],
            "advanced-commerce-in-app": issuer + ["--request", request],
        ]
        var signatures: [String: String] = [:]
        for (kind, values) in runs {
            let result = try keys.sign(kind, values)
            #expect(result.status == 0, "\(kind): \(result.stderr)")
            signatures[kind] = result.stdout.trimmingCharacters(in: .newlines)
        }
        let message = ["--message-id", "D4E5F6A7-8901-4345-A4E5-F6A789012345"]
        let realtimeRuns: [String: [String]] = [
            "realtime-promotional-offer": message + [
                "--product-id", product, "--offer-id", offer, "--app-account-token", original.username,
            ],
            "realtime-promotional-offer-v2": issuer + message + [
                "--product-id", product, "--offer-id", offer, "--transaction-id", transaction,
            ],
        ]
        var realtime: [String: String] = [:]
        for (kind, values) in realtimeRuns {
            let result = try keys.sign(kind, values)
            #expect(result.status == 0, "\(kind): \(result.stderr)")
            realtime[kind] = result.stdout.trimmingCharacters(in: .newlines)
        }
        for (kind, values) in [
            "realtime-message": message,
            "realtime-alternate-product": message + ["--product-id", product, "--billing-plan-type", "MONTHLY"],
        ] {
            let result = try CLI.run(["sign", kind] + values)
            #expect(result.status == 0, "\(kind): \(result.stderr)")
            realtime[kind] = result.stdout.trimmingCharacters(in: .newlines)
        }
        let cases: [String: Any] = [
            "realtime": realtime,
            "key": keys.good, "keyId": SigningKeyFiles.keyID, "issuerId": SigningKeyFiles.issuerID,
            "bundleId": SigningKeyFiles.bundleID, "productId": product, "offerId": offer, "transactionId": transaction,
            "request": request, "signatures": signatures,
            "original": ["applicationUsername": original.username, "nonce": original.nonce, "timestamp": timestamp],
        ]
        let casesFile = try keys.scratch.write(
            "cases.json", Array(try JSONSerialization.data(withJSONObject: cases, options: [.sortedKeys])))
        let script = CLI.packageRoot.appendingPathComponent("Scripts/sign-peer.py").path
        let peer = try CLI.run(URL(fileURLWithPath: python), [script, casesFile], stdin: nil)
        #expect(peer.status == 0, "\(peer.stderr)")
        let answer = try #require(peer.json, "\(peer.stdout)\(peer.stderr)")
        #expect(answer["differences"] as? [String] == [], "\(answer["differences"] ?? "none")")

        let apple = try #require(answer["appleOriginalSignature"] as? String)
        let key = try SigningKey(pkcs8PEM: Array(try Data(contentsOf: URL(fileURLWithPath: keys.good))))
        let creator = try PromotionalOfferSignatureCreator(
            key: key, keyID: SigningKeyFiles.keyID, bundleID: SigningKeyFiles.bundleID)
        let signed = try PromotionalOfferSignatureCreator.Offer(
            productID: product, offerID: offer, applicationUsername: original.username, nonce: original.nonce,
            timestamp: timestamp)
        #expect(creator.isValid(apple, for: signed))
    }
}
