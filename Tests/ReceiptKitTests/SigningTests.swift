import Foundation
import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

/// The signatures ReceiptKit makes for a server (offers, Advanced Commerce requests): the exact bytes
/// of each JWS, the original offer's payload, and every value and key refused. Apple's library signs
/// the same (SignPeerConformanceTests); here each check is held on its own.
@Suite struct SigningTests {
    static let keyPEM: Result<[UInt8], OpenSSLError> = Result { () throws(OpenSSLError) in
        var options = TestPKI.Options()
        options.keyType = .ec
        return try TestPKI.generate(options).leaf.privateKeyPEM
    }

    static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
    static let nonce = "3f1c7a52-7a0c-4f2b-9d34-0b9f8b0d2a11"

    static func key() throws -> SigningKey {
        try SigningKey(pkcs8PEM: try keyPEM.get())
    }

    static func parts(_ jws: String) throws -> (header: String, claims: String) {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        try #require(parts.count == 3)
        let header = try #require(Base64.decodeURL(Array(parts[0].utf8)[...]))
        let claims = try #require(Base64.decodeURL(Array(parts[1].utf8)[...]))
        return (String(decoding: header, as: UTF8.self), String(decoding: claims, as: UTF8.self))
    }

    @Test func eachJWSHasApplesHeaderAndClaims() throws {
        let key = try Self.key()
        let at = Date(timeIntervalSince1970: 1_700_000_000)
        let v2 = try PromotionalOfferV2SignatureCreator(
            key: key, keyID: "KEY1", issuerID: Self.issuer, bundleID: "com.example")
        let offer = try Self.parts(
            v2.signature(productID: "p1", offerID: "o1", transactionID: "2000", issuedAt: at, nonce: Self.nonce))
        #expect(offer.header == #"{"alg":"ES256","kid":"KEY1","typ":"JWT"}"#)
        #expect(
            offer.claims
                == #"{"productId":"p1","offerIdentifier":"o1","transactionId":"2000","bid":"com.example","iss":"\#(Self.issuer)","aud":"promotional-offer","iat":1700000000,"nonce":"\#(Self.nonce)"}"#
        )
        let withoutTransaction = try Self.parts(v2.signature(productID: "p1", offerID: "o1", issuedAt: at))
        #expect(!withoutTransaction.claims.contains("transactionId"))

        let eligibility = try IntroductoryOfferEligibilitySignatureCreator(
            key: key, keyID: "KEY1", issuerID: Self.issuer, bundleID: "com.example")
        let allowed = try Self.parts(
            eligibility.signature(
                productID: "p1", allowIntroductoryOffer: false, transactionID: "2000", issuedAt: at, nonce: Self.nonce))
        #expect(
            allowed.claims
                == #"{"productId":"p1","allowIntroductoryOffer":false,"transactionId":"2000","bid":"com.example","iss":"\#(Self.issuer)","aud":"introductory-offer-eligibility","iat":1700000000,"nonce":"\#(Self.nonce)"}"#
        )

        let commerce = try AdvancedCommerceAPIInAppSignatureCreator(
            key: key, keyID: "KEY1", issuerID: Self.issuer, bundleID: "com.example")
        let request = Array(#"{"operation":"CREATE_ONE_TIME_CHARGE"}"#.utf8)
        let signed = try Self.parts(commerce.signature(request: request, issuedAt: at, nonce: Self.nonce))
        #expect(signed.claims.hasPrefix(#"{"request":"\#(Data(request).base64EncodedString())","bid""#))
        #expect(signed.claims.contains(#""aud":"advanced-commerce-api""#))
    }

    @Test func eachJWSVerifiesWithTheKeysPublicHalf() throws {
        let key = try Self.key()
        let jws = try PromotionalOfferV2SignatureCreator(
            key: key, keyID: "KEY1", issuerID: Self.issuer, bundleID: "com.example"
        ).signature(productID: "p1", offerID: "o1")
        let parts = jws.split(separator: ".")
        try #require(parts.count == 3)
        let jose = try #require(Base64.decodeURL(Array(parts[2].utf8)[...]))
        let der = try #require(ES256Signature.der(fromJOSE: jose))
        #expect(key.verifies(derSignature: der, over: Array("\(parts[0]).\(parts[1])".utf8)))
    }

    @Test func originalOfferSignsTheSevenValuesAndChecksThem() throws {
        let creator = try PromotionalOfferSignatureCreator(key: try Self.key(), keyID: "KEY1", bundleID: "com.example")
        let offer = try PromotionalOfferSignatureCreator.Offer(
            productID: "p1", offerID: "o1", applicationUsername: "ABC", nonce: Self.nonce.uppercased(),
            timestamp: 1_700_000_000_000)
        #expect(offer.nonce == Self.nonce)
        #expect(
            try creator.payload(offer)
                == Array(
                    "com.example\u{2063}KEY1\u{2063}p1\u{2063}o1\u{2063}abc\u{2063}\(Self.nonce)\u{2063}1700000000000"
                        .utf8))
        let signature = try creator.signature(for: offer)
        #expect(creator.isValid(signature, for: offer))
        let other = try PromotionalOfferSignatureCreator.Offer(
            productID: "p1", offerID: "o2", applicationUsername: "ABC", nonce: Self.nonce, timestamp: 1_700_000_000_000)
        #expect(!creator.isValid(signature, for: other))
        #expect(!creator.isValid("not base64!", for: offer))
    }

    @Test func valuesThatWouldSignAmbiguouslyOrNothingAreRefused() throws {
        let key = try Self.key()
        let creator = try PromotionalOfferSignatureCreator(key: key, keyID: "KEY1", bundleID: "com.example")
        let split = try PromotionalOfferSignatureCreator.Offer(
            productID: "p1\u{2063}o1", offerID: "o1", applicationUsername: "", nonce: Self.nonce, timestamp: 1)
        #expect(
            throws: SigningError(.invalidValue, "a value to sign holds U+2063, the separator of the signed payload")
        ) {
            try creator.signature(for: split)
        }
        #expect(throws: SigningError(.invalidValue, "the product id is empty")) {
            try PromotionalOfferSignatureCreator.Offer(productID: "", offerID: "o1", applicationUsername: "")
        }
        #expect(throws: SigningError(.invalidValue, "the issuer id \"57246542\" is not a UUID (8-4-4-4-12 hex digits)"))
        {
            try PromotionalOfferV2SignatureCreator(key: key, keyID: "KEY1", issuerID: "57246542", bundleID: "b")
        }
        let commerce = try AdvancedCommerceAPIInAppSignatureCreator(
            key: key, keyID: "KEY1", issuerID: Self.issuer, bundleID: "com.example")
        #expect(throws: SigningError(.invalidValue, "the request is JSON but not an object")) {
            try commerce.signature(request: Array("[1]".utf8))
        }
        #expect(throws: SigningError.self) { try commerce.signature(request: Array("{\"a\":".utf8)) }
    }

    @Test func onlyAnUnencryptedPKCS8BlockIsAKey() throws {
        let pem = String(decoding: try Self.keyPEM.get(), as: UTF8.self)
        let lines = pem.split(separator: "\n").map(String.init)
        try #require(lines.first == "-----BEGIN PRIVATE KEY-----" && lines.last == "-----END PRIVATE KEY-----")
        let body = lines.dropFirst().dropLast()
        func kind(_ text: String) -> SigningError.Kind? {
            do {
                _ = try SigningKey(pkcs8PEM: Array(text.utf8))
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(kind(pem) == nil)
        // A block whose END line names another label is no block.
        #expect(kind(([lines[0]] + body + ["-----END EC PRIVATE KEY-----"]).joined(separator: "\n")) == .keyNotPEM)
        // The PrivateKeyInfo followed by bytes of something else.
        let der = try #require(Base64.decode(Array(body.joined().utf8)[...]))
        let padded = Data(der + [0x05, 0x00]).base64EncodedString()
        #expect(kind("-----BEGIN PRIVATE KEY-----\n\(padded)\n-----END PRIVATE KEY-----\n") == .keyNotPKCS8)
    }
}
