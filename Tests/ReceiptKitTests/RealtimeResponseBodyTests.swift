import Foundation
import Testing

@testable import ReceiptKit

/// The Retention Messaging realtime response: each choice with the members of Apple's
/// `RealtimeResponseBody` model (app-store-server-library 3.1.2), each offer signature verifiable with
/// the key's public half, and every malformed value refused before a body exists.
@Suite struct RealtimeResponseBodyTests {
    static let messageID = "A1B2C3D4-E5F6-4890-A1B2-C3D4E5F67890"
    static let token = "F6A78901-2345-4789-B6A7-890123456789"

    static func object(_ body: RealtimeResponseBody) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body.json().utf8)) as? [String: Any])
    }

    @Test func messageAndAlternateProductHaveApplesMembers() throws {
        let message = try RealtimeResponseBody(.message(messageIdentifier: Self.messageID))
        #expect(message.json() == #"{"message":{"messageIdentifier":"a1b2c3d4-e5f6-4890-a1b2-c3d4e5f67890"}}"#)
        let product = try RealtimeResponseBody(
            .alternateProduct(messageIdentifier: Self.messageID, productID: "com.example.yearly"))
        let plan = try RealtimeResponseBody(
            .alternateProduct(messageIdentifier: Self.messageID, productID: "p1", billingPlanType: .monthly))
        #expect(
            plan.json()
                == #"{"alternateProduct":{"billingPlanType":"MONTHLY","messageIdentifier":"a1b2c3d4-e5f6-4890-a1b2-c3d4e5f67890","productId":"p1"}}"#
        )
        #expect(
            product.json()
                == #"{"alternateProduct":{"messageIdentifier":"a1b2c3d4-e5f6-4890-a1b2-c3d4e5f67890","productId":"com.example.yearly"}}"#
        )
    }

    @Test func promotionalOfferV2CarriesAJWSThatVerifies() throws {
        let key = try SigningTests.key()
        let creator = try PromotionalOfferV2SignatureCreator(
            key: key, keyID: "KEY1", issuerID: SigningTests.issuer, bundleID: "com.example")
        let signature = try RetentionOfferSignature.signedV2(
            by: creator, productID: "p1", offerID: "o1", transactionID: "2000")
        let body = try Self.object(
            try RealtimeResponseBody(.promotionalOffer(messageIdentifier: Self.messageID, signature: signature)))
        #expect(Array(body.keys) == ["promotionalOffer"])
        let offer = try #require(body["promotionalOffer"] as? [String: Any])
        #expect(Set(offer.keys) == ["messageIdentifier", "promotionalOfferSignatureV2"])
        let jws = try #require(offer["promotionalOfferSignatureV2"] as? String)
        let parts = jws.split(separator: ".")
        try #require(parts.count == 3)
        let jose = try #require(Base64.decodeURL(Array(parts[2].utf8)[...]))
        let der = try #require(ES256Signature.der(fromJOSE: jose))
        #expect(key.verifies(derSignature: der, over: Array("\(parts[0]).\(parts[1])".utf8)))
        let claims = String(decoding: try #require(Base64.decodeURL(Array(parts[1].utf8)[...])), as: UTF8.self)
        #expect(claims.hasPrefix(#"{"productId":"p1","offerIdentifier":"o1","transactionId":"2000""#))
    }

    @Test func promotionalOfferV1CarriesTheValuesItSigns() throws {
        let creator = try PromotionalOfferSignatureCreator(
            key: try SigningTests.key(), keyID: "KEY1", bundleID: "com.example")
        for token in [Self.token, nil] {
            let signature = try RetentionOfferSignature.signedV1(
                by: creator, productID: "p1", offerID: "o1", appAccountToken: token,
                nonce: SigningTests.nonce.uppercased(), timestamp: 1_700_000_000_000)
            let body = try Self.object(
                try RealtimeResponseBody(.promotionalOffer(messageIdentifier: Self.messageID, signature: signature)))
            let offer = try #require(body["promotionalOffer"] as? [String: Any])
            #expect(Set(offer.keys) == ["messageIdentifier", "promotionalOfferSignatureV1"])
            let v1 = try #require(offer["promotionalOfferSignatureV1"] as? [String: Any])
            let members: Set = ["encodedSignature", "productId", "nonce", "timestamp", "keyId", "offerIdentifier"]
            #expect(Set(v1.keys) == (token == nil ? members : members.union(["appAccountToken"])))
            #expect(v1["keyId"] as? String == "KEY1")
            #expect(v1["nonce"] as? String == SigningTests.nonce)
            #expect(v1["timestamp"] as? Int == 1_700_000_000_000)
            #expect(v1["appAccountToken"] as? String == token?.lowercased())
            // The signature is over the values beside it, the token as the application username.
            let signed = try PromotionalOfferSignatureCreator.Offer(
                productID: "p1", offerID: "o1", applicationUsername: token ?? "", nonce: SigningTests.nonce,
                timestamp: 1_700_000_000_000)
            #expect(creator.isValid(try #require(v1["encodedSignature"] as? String), for: signed))
        }
    }

    @Test func malformedValuesAreRefusedBeforeABodyExists() throws {
        let creator = try PromotionalOfferSignatureCreator(
            key: try SigningTests.key(), keyID: "KEY1", bundleID: "com.example")
        let notUUID = SigningError(.invalidValue, #"the message identifier "m1" is not a UUID (8-4-4-4-12 hex digits)"#)
        #expect(throws: notUUID) { try RealtimeResponseBody(.message(messageIdentifier: "m1")) }
        #expect(throws: notUUID) {
            try RealtimeResponseBody(.alternateProduct(messageIdentifier: "m1", productID: "p1"))
        }
        let signature = try RetentionOfferSignature.signedV1(by: creator, productID: "p1", offerID: "o1")
        #expect(throws: notUUID) {
            try RealtimeResponseBody(.promotionalOffer(messageIdentifier: "m1", signature: signature))
        }
        #expect(throws: SigningError(.invalidValue, "the product id is empty")) {
            try RealtimeResponseBody(.alternateProduct(messageIdentifier: Self.messageID, productID: ""))
        }
        let long = String(repeating: "p", count: RealtimeResponseBody.productIDLimit + 1)
        let tooLong = SigningError(.invalidValue, "the product id is 256 bytes, longer than the 255 a response takes")
        #expect(throws: tooLong) {
            try RealtimeResponseBody(.alternateProduct(messageIdentifier: Self.messageID, productID: long))
        }
        #expect(throws: tooLong) { try RetentionOfferSignature.signedV1(by: creator, productID: long, offerID: "o1") }
        let fits = String(long.dropLast())
        #expect(throws: Never.self) {
            try RealtimeResponseBody(.alternateProduct(messageIdentifier: Self.messageID, productID: fits))
        }
        #expect(
            throws: SigningError(
                .invalidValue, #"the app account token "user-1" is not a UUID (8-4-4-4-12 hex digits)"#)
        ) {
            try RetentionOfferSignature.signedV1(by: creator, productID: "p1", offerID: "o1", appAccountToken: "user-1")
        }
        #expect(throws: SigningError(.invalidValue, "the offer id is empty")) {
            try RetentionOfferSignature.signedV1(by: creator, productID: "p1", offerID: "")
        }
        let v2 = try PromotionalOfferV2SignatureCreator(
            key: try SigningTests.key(), keyID: "KEY1", issuerID: SigningTests.issuer, bundleID: "com.example")
        #expect(throws: tooLong) { try RetentionOfferSignature.signedV2(by: v2, productID: long, offerID: "o1") }
    }
}
