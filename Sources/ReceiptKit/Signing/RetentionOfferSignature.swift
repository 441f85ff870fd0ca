#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The signature a realtime promotional offer carries (``RealtimeResponseBody/Choice``): Apple's
/// `promotionalOfferSignatureV2`, a compact JWS, or `promotionalOfferSignatureV1`, the original offer
/// signature with the values it signs. Made only by signing, so the values beside it are the ones signed.
public enum RetentionOfferSignature: Sendable, Equatable {
    /// `promotionalOfferSignatureV2`: the JWS of ``PromotionalOfferV2SignatureCreator``.
    case v2(String)
    /// `promotionalOfferSignatureV1`: the signature of ``PromotionalOfferSignatureCreator`` and its values.
    case v1(Original)

    /// The members of Apple's `PromotionalOfferSignatureV1`.
    public struct Original: Sendable, Equatable {
        /// `encodedSignature`: the base64 signature.
        public let encodedSignature: String
        /// `productId`.
        public let productID: String
        /// `offerIdentifier`.
        public let offerID: String
        /// `keyId`: the key that signed.
        public let keyID: String
        /// `nonce`: a lowercase UUID.
        public let nonce: String
        /// `timestamp`: milliseconds since 1970.
        public let timestamp: Int64
        /// `appAccountToken`: a lowercase UUID, signed as the application username; nil signs an empty one.
        public let appAccountToken: String?
    }

    /// The V2 signature for `offerID` of `productID`, signed by `creator`.
    ///
    /// - Parameters:
    ///   - creator: the signer over the server's App Store Connect key.
    ///   - productID: the subscription's product id.
    ///   - offerID: the promotional offer's identifier.
    ///   - transactionID: any transaction id of the customer; optional, though Apple recommends it.
    ///   - issuedAt: the `iat` claim; now unless a test fixes it.
    ///   - nonce: a UUID for the `nonce` claim; a fresh one when nil.
    public static func signedV2(
        by creator: PromotionalOfferV2SignatureCreator, productID: String, offerID: String,
        transactionID: String? = nil, issuedAt: Date = Date(), nonce: String? = nil
    ) throws(SigningError) -> Self {
        .v2(
            try creator.signature(
                productID: try RealtimeResponseBody.productID(productID), offerID: offerID,
                transactionID: transactionID, issuedAt: issuedAt, nonce: nonce))
    }

    /// The original signature for `offerID` of `productID`, signed by `creator`; the app account token, when
    /// given, must be a UUID (Apple's model types it so) and is signed as the application username.
    public static func signedV1(
        by creator: PromotionalOfferSignatureCreator, productID: String, offerID: String,
        appAccountToken: String? = nil, nonce: String? = nil,
        timestamp: Int64 = Int64(Date().timeIntervalSince1970 * 1000)
    ) throws(SigningError) -> Self {
        let token = try appAccountToken.map { value throws(SigningError) in
            try SigningValues.uuid(value, "app account token").lowercased()
        }
        let offer = try PromotionalOfferSignatureCreator.Offer(
            productID: try RealtimeResponseBody.productID(productID), offerID: offerID,
            applicationUsername: token ?? "", nonce: nonce, timestamp: timestamp)
        return .v1(
            Original(
                encodedSignature: try creator.signature(for: offer), productID: offer.productID, offerID: offer.offerID,
                keyID: creator.keyID, nonce: offer.nonce, timestamp: offer.timestamp, appAccountToken: token))
    }

    /// The members this signature adds to Apple's `PromotionalOffer` object.
    var members: [String: JSONValue] {
        switch self {
        case .v2(let jws): return ["promotionalOfferSignatureV2": .string(jws)]
        case .v1(let original):
            var signature: [String: JSONValue] = [
                "encodedSignature": .string(original.encodedSignature), "productId": .string(original.productID),
                "offerIdentifier": .string(original.offerID), "keyId": .string(original.keyID),
                "nonce": .string(original.nonce), "timestamp": .integer(original.timestamp),
            ]
            signature["appAccountToken"] = original.appAccountToken.map(JSONValue.string)
            return ["promotionalOfferSignatureV1": .object(signature)]
        }
    }
}
