#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Makes the JWS of a promotional offer for StoreKit 2 (`Product.PurchaseOption.promotionalOffer`
/// with a compact JWS): audience `promotional-offer`, claims `productId`, `offerIdentifier` and,
/// when given, `transactionId`.
public struct PromotionalOfferV2SignatureCreator: Sendable {
    private let signer: JWSRequestSigner

    /// Signs with the In-App Purchase `key` whose identifier is `keyID`, of the App Store Connect team
    /// `issuerID` (a UUID), for the app `bundleID`.
    public init(key: SigningKey, keyID: String, issuerID: String, bundleID: String) throws(SigningError) {
        signer = try JWSRequestSigner(
            audience: "promotional-offer", key: key, keyID: keyID, issuerID: issuerID, bundleID: bundleID)
    }

    /// The compact JWS for `offerID` of `productID`.
    ///
    /// - Parameters:
    ///   - productID: the subscription product.
    ///   - offerID: the promotional offer's identifier in App Store Connect.
    ///   - transactionID: any transaction id of the customer (the `appTransactionId` serves even
    ///     before a first purchase); optional, though Apple recommends it.
    ///   - issuedAt: the `iat` claim; now unless a test fixes it.
    ///   - nonce: a UUID for the `nonce` claim; a fresh one when nil.
    public func signature(
        productID: String, offerID: String, transactionID: String? = nil, issuedAt: Date = Date(),
        nonce: String? = nil
    ) throws(SigningError) -> String {
        var claims: [(String, JWSRequestSigner.Claim)] = [
            ("productId", .string(try SigningValues.required(productID, "product id"))),
            ("offerIdentifier", .string(try SigningValues.required(offerID, "offer id"))),
        ]
        if let transactionID {
            claims.append(("transactionId", .string(try SigningValues.required(transactionID, "transaction id"))))
        }
        return try signer.sign(claims, issuedAt: issuedAt, nonce: nonce)
    }
}
