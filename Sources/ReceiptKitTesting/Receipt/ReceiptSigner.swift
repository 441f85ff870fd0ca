import ReceiptKit

/// Signs receipt payloads as PKCS#7 signedData as Apple (leaf, no signed attributes, three certificates)
/// and Xcode (one self-signed certificate) do; content is always attached.
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
        /// Add signed attributes, which neither Apple nor Xcode does, to reach a verifier's messageDigest check.
        public var includeSignedAttributes = false
        /// With signed attributes, a wrong messageDigest signed again: a good signature over the wrong digest.
        /// Needs `.der`.
        public var corruptMessageDigest = false
        /// Embed the signer's own certificate, as Apple and Xcode do.
        public var embedSignerCertificate = true
        /// More signers beside the first, each adding its certificate; a receipt has exactly one.
        public var additionalSigners: [TestCredential] = []
        /// After signing, state this digest algorithm OID instead of the one used. Needs `.der`.
        public var statedDigestAlgorithm: String?
        /// After signing, state this signature algorithm OID instead of the key's. Needs `.der`.
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
            throw OpenSSLError(operation: "signing the receipt", reasons: ["restating an algorithm needs DER output"])
        }
        return try signedData(payload, signer: signer, chain: chain, options: options, restates: restates)
    }
}
