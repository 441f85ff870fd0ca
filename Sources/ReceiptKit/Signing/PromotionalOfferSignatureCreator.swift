#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Makes an original (StoreKit 1) promotional offer's `SKPaymentDiscount.signature`: ECDSA P-256 SHA-256
/// over seven values joined by U+2063, DER in standard base64.
public struct PromotionalOfferSignatureCreator: Sendable {
    private static let separator = "\u{2063}"

    private let key: SigningKey
    let keyID: String
    private let bundleID: String

    /// - Parameters:
    ///   - key: the subscription offer key from App Store Connect.
    ///   - keyID: that key's identifier.
    ///   - bundleID: the app's bundle identifier.
    public init(key: SigningKey, keyID: String, bundleID: String) throws(SigningError) {
        self.key = key
        self.keyID = try SigningValues.required(keyID, "key id")
        self.bundleID = try SigningValues.required(bundleID, "bundle id")
    }

    /// The values of one signature, checked; a nonce is generated when `nonce` is nil.
    public struct Offer: Sendable, Equatable {
        /// The product identifier of the subscription the offer is for.
        public let productID: String
        /// The offer's identifier, as set up in App Store Connect.
        public let offerID: String
        /// The app account token or other value the app sets as `applicationUsername`; may be empty.
        public let applicationUsername: String
        /// A lowercase UUID, used once.
        public let nonce: String
        /// Milliseconds since 1970; StoreKit accepts the signature for 24 hours after it.
        public let timestamp: Int64

        /// The values of one signature (a fresh nonce when nil, `timestamp` now unless given); throws when an
        /// identifier is empty or `nonce` is not a UUID.
        public init(
            productID: String, offerID: String, applicationUsername: String, nonce: String? = nil,
            timestamp: Int64 = Int64(Date().timeIntervalSince1970 * 1000)
        ) throws(SigningError) {
            self.productID = try SigningValues.required(productID, "product id")
            self.offerID = try SigningValues.required(offerID, "offer id")
            self.applicationUsername = applicationUsername
            self.nonce = try SigningValues.nonce(nonce)
            self.timestamp = timestamp
        }
    }

    /// The base64 signature of `offer`.
    public func signature(for offer: Offer) throws(SigningError) -> String {
        Data(try key.derSignature(over: try payload(offer))).base64EncodedString()
    }

    /// Whether `signature` (base64, as ``signature(for:)`` makes it) is this key's signature of `offer`.
    public func isValid(_ signature: String, for offer: Offer) -> Bool {
        guard let der = Base64.decode(Array(signature.utf8)[...]), let message = try? payload(offer) else {
            return false
        }
        return key.verifies(derSignature: der, over: message)
    }

    /// The UTF-8 of the seven values; a value holding the separator would make two offers sign alike.
    func payload(_ offer: Offer) throws(SigningError) -> [UInt8] {
        let values = [
            bundleID, keyID, offer.productID, offer.offerID, offer.applicationUsername.lowercased(), offer.nonce,
            String(offer.timestamp),
        ]
        guard !values.contains(where: { $0.contains(Self.separator) }) else {
            throw SigningError(.invalidValue, "a value to sign holds U+2063, the separator of the signed payload")
        }
        return Array(values.joined(separator: Self.separator).utf8)
    }
}
