import Foundation
import TestSupport
import Testing

@testable import ReceiptKit

/// `receipt-check sign realtime-*`: the Retention Messaging realtime response body each kind prints, and
/// every missing or malformed value an error (64) that prints no body.
@Suite(.timeLimit(.minutes(10))) struct SignRealtimeCommandTests {
    static let messageID = "D4E5F6A7-8901-4345-A4E5-F6A789012345"
    static let message = ["--message-id", messageID]

    @Test func messageAndAlternateProductNeedNoKey() throws {
        let message = try CLI.run(["sign", "realtime-message"] + Self.message)
        #expect(message.status == 0, "\(message.stderr)")
        #expect(message.stdout == #"{"message":{"messageIdentifier":"d4e5f6a7-8901-4345-a4e5-f6a789012345"}}"# + "\n")
        let product = try CLI.run(
            ["sign", "realtime-alternate-product", "--product-id", "com.example.yearly"] + Self.message)
        #expect(product.status == 0, "\(product.stderr)")
        let object = try #require(product.json?["alternateProduct"] as? [String: Any])
        #expect(object["productId"] as? String == "com.example.yearly")
        #expect(object["messageIdentifier"] as? String == Self.messageID.lowercased())
        #expect(object["billingPlanType"] == nil)
        let plan = try CLI.run(
            ["sign", "realtime-alternate-product", "--product-id", "p1", "--billing-plan-type", "billed_upfront"]
                + Self.message)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect((plan.json?["alternateProduct"] as? [String: Any])?["billingPlanType"] as? String == "BILLED_UPFRONT")
    }

    @Test func promotionalOffersCarryASignatureThatVerifies() throws {
        let keys = try SigningKeyFiles()
        let key = try SigningKey(pkcs8PEM: Array(try Data(contentsOf: URL(fileURLWithPath: keys.good))))
        let offer = ["--product-id", "com.example.monthly", "--offer-id", "WINBACK"] + Self.message
        let v1 = try keys.sign(
            "realtime-promotional-offer",
            offer + [
                "--app-account-token", "F6A78901-2345-4789-B6A7-890123456789", "--nonce", SignCommandTests.nonce,
                "--timestamp", "1700000000000",
            ])
        #expect(v1.status == 0, "\(v1.stderr)")
        let original = try #require(
            (v1.json?["promotionalOffer"] as? [String: Any])?["promotionalOfferSignatureV1"] as? [String: Any])
        #expect(original["keyId"] as? String == SigningKeyFiles.keyID)
        #expect(original["appAccountToken"] as? String == "f6a78901-2345-4789-b6a7-890123456789")
        let creator = try PromotionalOfferSignatureCreator(
            key: key, keyID: SigningKeyFiles.keyID, bundleID: SigningKeyFiles.bundleID)
        let signed = try PromotionalOfferSignatureCreator.Offer(
            productID: "com.example.monthly", offerID: "WINBACK",
            applicationUsername: "f6a78901-2345-4789-b6a7-890123456789", nonce: SignCommandTests.nonce,
            timestamp: 1_700_000_000_000)
        #expect(creator.isValid(try #require(original["encodedSignature"] as? String), for: signed))

        let v2 = try keys.sign("realtime-promotional-offer-v2", SignCommandTests.issuer + offer)
        #expect(v2.status == 0, "\(v2.stderr)")
        let body = try #require(v2.json?["promotionalOffer"] as? [String: Any])
        #expect(body["messageIdentifier"] as? String == Self.messageID.lowercased())
        let parts = try #require(body["promotionalOfferSignatureV2"] as? String).split(separator: ".")
        try #require(parts.count == 3)
        let jose = try #require(Base64.decodeURL(Array(parts[2].utf8)[...]))
        let der = try #require(ES256Signature.der(fromJOSE: jose))
        #expect(key.verifies(derSignature: der, over: Array("\(parts[0]).\(parts[1])".utf8)))
    }

    @Test func missingOrMalformedValuesExit64() throws {
        let keys = try SigningKeyFiles()
        let offer = ["--product-id", "p", "--offer-id", "o"]
        let long = String(repeating: "p", count: 256)
        let signing: [(String, [String], String)] = [
            ("realtime-promotional-offer", offer, "needs --message-id"),
            (
                "realtime-promotional-offer", offer + ["--message-id", "m1"],
                #"the message identifier "m1" is not a UUID"#
            ),
            (
                "realtime-promotional-offer", offer + Self.message + ["--app-account-token", "user-1"],
                #"the app account token "user-1" is not a UUID"#
            ),
            ("realtime-promotional-offer", ["--product-id", long, "--offer-id", "o"] + Self.message, "256 bytes"),
            ("realtime-promotional-offer", offer + Self.message + ["--json"], "--json does not apply"),
            ("realtime-promotional-offer-v2", offer + Self.message, "needs --issuer-id"),
            (
                "realtime-promotional-offer-v2", SignCommandTests.issuer + ["--offer-id", "o"] + Self.message,
                "needs --product-id"
            ),
        ]
        for (kind, values, text) in signing {
            let result = try keys.sign(kind, values)
            #expect(result.status == 64, "\(kind) \(values): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(text), "\(kind) \(values): \(result.stderr)")
        }
        let unsigned: [[String]] = [
            ["realtime-message"], ["realtime-message", "--message-id", "3F1C7A52-7A0C-4F2B-9D34-0B9F8B0D2A1"],
            ["realtime-message", "--key", keys.good] + Self.message,
            ["realtime-message", "--product-id", "p"] + Self.message, ["realtime-alternate-product"] + Self.message,
            ["realtime-alternate-product", "--product-id", ""] + Self.message,
            ["realtime-alternate-product", "--product-id", long] + Self.message,
            ["realtime-alternate-product", "--product-id", "p", "--billing-plan-type", "YEARLY"] + Self.message,
            ["realtime-message", "--billing-plan-type", "MONTHLY"] + Self.message,
        ]
        let said = [
            "needs --message-id", "is not a UUID", "--key does not apply", "--product-id does not apply",
            "needs --product-id", "the product id is empty", "longer than the 255", "--billing-plan-type",
            "--billing-plan-type does not apply",
        ]
        for (values, text) in zip(unsigned, said) {
            let result = try CLI.run(["sign"] + values)
            #expect(result.status == 64, "\(values): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(text), "\(values): \(result.stderr)")
        }
    }
}
