#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Makes the JWS of an Advanced Commerce API in-app request, which the app passes to StoreKit.
public struct AdvancedCommerceAPIInAppSignatureCreator: Sendable {
    private let signer: JWSRequestSigner

    /// A request is a small object; deeper or larger JSON is refused rather than signed unread.
    private static let requestLimits = JSONParser.Limits(maximumDepth: 16, maximumValues: 4096)

    /// Signs with the In-App Purchase `key` (`keyID`) of team `issuerID`, for the app `bundleID`.
    public init(key: SigningKey, keyID: String, issuerID: String, bundleID: String) throws(SigningError) {
        signer = try JWSRequestSigner(
            audience: "advanced-commerce-api", key: key, keyID: keyID, issuerID: issuerID, bundleID: bundleID)
    }

    /// The compact JWS of `request`, one Advanced Commerce in-app request's UTF-8 JSON, signed as given.
    ///
    /// - Parameters:
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
