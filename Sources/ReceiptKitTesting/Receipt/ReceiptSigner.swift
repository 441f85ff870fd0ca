import ReceiptKit

/// Signs receipt payloads as PKCS#7 signedData, the way Apple and Xcode do.
///
/// App Store style: the leaf signs with no signed attributes, and leaf, intermediate and root
/// are all embedded (Apple embeds all three). StoreKit-Testing style: one self-signed
/// certificate signs and is the only one embedded. Content is always attached.
public enum ReceiptSigner {
    /// The digest the signature is made over.
    public enum Digest: String, Sendable, CaseIterable {
        /// SHA-1, as receipts before 2024 and some Xcode receipts.
        case sha1
        /// SHA-256, as App Store receipts now.
        case sha256
    }

    /// How the PKCS#7 structure is written.
    public enum Encoding: String, Sendable, CaseIterable {
        /// Definite lengths throughout, as App Store receipts.
        case der
        /// Streamed with indefinite lengths, as Xcode receipts.
        case ber
    }

    /// How to sign. The defaults sign like the App Store.
    public struct Options: Sendable, Equatable {
        /// The digest of the signature.
        public var digest: Digest = .sha256
        /// DER like the App Store, or BER like Xcode.
        public var encoding: Encoding = .der
        /// Add signed attributes (contentType, signingTime, messageDigest). Neither Apple nor
        /// Xcode does; tests use them to reach a verifier's messageDigest check.
        public var includeSignedAttributes = false
        /// With signed attributes: replace messageDigest with a wrong value and sign the
        /// attributes again, so the signature is good but the digest does not match the content.
        /// Only for test fixtures; needs `.der`.
        public var corruptMessageDigest = false
        /// Embed the signer's own certificate (App Store and Xcode receipts do). Without it the
        /// signer identifier names a certificate the receipt does not carry.
        public var embedSignerCertificate = true
        /// More signers beside the first, each adding its certificate; a receipt has exactly one.
        public var additionalSigners: [TestCredential] = []
        /// After signing, state this digest algorithm OID in the SignerInfo instead of the one
        /// used (an unsupported digest). Needs `.der`.
        public var statedDigestAlgorithm: String?
        /// After signing, state this signature algorithm OID in the SignerInfo instead of the
        /// key's (unknown, or disagreeing with the digest). Needs `.der`.
        public var statedSignatureAlgorithm: String?

        /// Options with these settings and every other left at its default.
        public init(
            digest: Digest = .sha256, encoding: Encoding = .der, includeSignedAttributes: Bool = false,
            corruptMessageDigest: Bool = false
        ) {
            self.digest = digest
            self.encoding = encoding
            self.includeSignedAttributes = includeSignedAttributes
            self.corruptMessageDigest = corruptMessageDigest
        }
    }

    /// Signs like the App Store: leaf of `pki` signs; leaf, intermediate and root embedded.
    public static func sign(_ payload: [UInt8], pki: TestPKI, options: Options = Options()) throws(OpenSSLError)
        -> [UInt8]
    {
        try sign(
            payload, signer: pki.leaf, chain: [pki.intermediate.certificatePEM, pki.root.certificatePEM],
            options: options)
    }

    /// Signs like Xcode's StoreKit Testing: the self-signed certificate signs and is embedded alone.
    public static func signStoreKitTest(_ payload: [UInt8], pki: TestPKI, options: Options = Options())
        throws(OpenSSLError) -> [UInt8]
    {
        try sign(payload, signer: pki.storeKit, chain: [], options: options)
    }

    /// Signs `payload` with `signer`, embedding its certificate first and then `chain` (PEM) in order.
    public static func sign(_ payload: [UInt8], signer: TestCredential, chain: [[UInt8]], options: Options)
        throws(OpenSSLError) -> [UInt8]
    {
        guard !options.corruptMessageDigest || (options.includeSignedAttributes && options.encoding == .der) else {
            throw OpenSSLError(
                operation: "signing the receipt",
                reasons: ["a wrong messageDigest needs signed attributes and DER output"])
        }
        let restates = options.statedDigestAlgorithm != nil || options.statedSignatureAlgorithm != nil
        guard !restates || options.encoding == .der else {
            throw OpenSSLError(
                operation: "signing the receipt", reasons: ["restating an algorithm needs DER output"])
        }
        return try signedData(payload, signer: signer, chain: chain, options: options, restates: restates)
    }
}
