#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Makes the JWS that tells StoreKit 2 whether a customer may have a product's introductory offer
/// (`Product.PurchaseOption.introductoryOfferEligibility`): audience `introductory-offer-eligibility`,
/// claims `productId`, `allowIntroductoryOffer` and `transactionId`.
public struct IntroductoryOfferEligibilitySignatureCreator: Sendable {
    private let signer: JWSRequestSigner

    /// Signs with the In-App Purchase `key` whose identifier is `keyID`, of the App Store Connect team
    /// `issuerID` (a UUID), for the app `bundleID`.
    public init(key: SigningKey, keyID: String, issuerID: String, bundleID: String) throws(SigningError) {
        signer = try JWSRequestSigner(
            audience: "introductory-offer-eligibility", key: key, keyID: keyID, issuerID: issuerID,
            bundleID: bundleID)
    }

    /// The compact JWS saying whether the customer of `transactionID` may have `productID`'s
    /// introductory offer.
    ///
    /// - Parameters:
    ///   - productID: the product whose introductory offer it is.
    ///   - allowIntroductoryOffer: whether the customer may have it.
    ///   - transactionID: any transaction id of the customer (the `appTransactionId` serves even
    ///     before a first purchase).
    ///   - issuedAt: the `iat` claim; now unless a test fixes it.
    ///   - nonce: a UUID for the `nonce` claim; a fresh one when nil.
    public func signature(
        productID: String, allowIntroductoryOffer: Bool, transactionID: String, issuedAt: Date = Date(),
        nonce: String? = nil
    ) throws(SigningError) -> String {
        try signer.sign(
            [
                ("productId", .string(try SigningValues.required(productID, "product id"))),
                ("allowIntroductoryOffer", .bool(allowIntroductoryOffer)),
                ("transactionId", .string(try SigningValues.required(transactionID, "transaction id"))),
            ], issuedAt: issuedAt, nonce: nonce)
    }
}
