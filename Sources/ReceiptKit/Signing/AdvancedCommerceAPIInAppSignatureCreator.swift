#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Makes the JWS of an Advanced Commerce API in-app request, which the app passes to StoreKit:
/// audience `advanced-commerce-api`, claim `request` with the request's JSON in standard base64.
public struct AdvancedCommerceAPIInAppSignatureCreator: Sendable {
    private let signer: JWSRequestSigner

    /// A request is a small object; deeper or larger JSON is refused rather than signed unread.
    private static let requestLimits = JSONParser.Limits(maximumDepth: 16, maximumValues: 4096)

    /// Signs with the In-App Purchase `key` whose identifier is `keyID`, of the App Store Connect team
    /// `issuerID` (a UUID), for the app `bundleID`.
    public init(key: SigningKey, keyID: String, issuerID: String, bundleID: String) throws(SigningError) {
        signer = try JWSRequestSigner(
            audience: "advanced-commerce-api", key: key, keyID: keyID, issuerID: issuerID, bundleID: bundleID)
    }

    /// The compact JWS of `request`, the UTF-8 JSON object of one Advanced Commerce in-app request
    /// (a one-time charge, a subscription to create, modify or reactivate), signed as given.
    ///
    /// - Parameters:
    ///   - request: the request's JSON, as it is to reach the App Store.
    ///   - issuedAt: the `iat` claim; now unless a test fixes it.
    ///   - nonce: a UUID for the `nonce` claim; a fresh one when nil.
    public func signature(request: [UInt8], issuedAt: Date = Date(), nonce: String? = nil) throws(SigningError)
        -> String
    {
        let parsed: JSONValue
        do throws(JSONParser.ParseError) {
            parsed = try JSONParser.parse(request, limits: Self.requestLimits)
        } catch {
            throw SigningError(.invalidValue, "the request is not JSON: \(error.description)")
        }
        guard case .object = parsed else {
            throw SigningError(.invalidValue, "the request is JSON but not an object")
        }
        return try signer.sign(
            [("request", .string(Data(request).base64EncodedString()))], issuedAt: issuedAt, nonce: nonce)
    }
}
