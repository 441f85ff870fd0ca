internal import CReceipt
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
        // Any stale entry would otherwise be reported as the reason for our own failure.
        OpenSSLError.drainQueue()
        let cert = try OwnedCertificate(derOrPEM: signer.certificatePEM)
        let key = try OwnedKey.fromPEM(signer.privateKeyPEM)
        let extra = try chain.map { pem throws(OpenSSLError) in try OwnedCertificate(derOrPEM: pem) }

        // BINARY: without it OpenSSL treats the content as text and rewrites line endings.
        var flags = Int32(PKCS7_BINARY | PKCS7_NOSMIMECAP)
        if !options.includeSignedAttributes {
            flags |= Int32(PKCS7_NOATTR)
        }
        flags |= Int32(options.encoding == .ber ? PKCS7_STREAM : PKCS7_PARTIAL)

        // An empty structure first, so the signer can be added with an explicit digest and
        // the certificates in Apple's order (leaf, intermediate, root).
        guard let pointer = PKCS7_sign(nil, nil, nil, nil, flags) else {
            throw OpenSSLError.drain("creating the PKCS#7 structure")
        }
        let p7 = OwnedPKCS7(pointer)
        let md = options.digest == .sha1 ? EVP_sha1() : EVP_sha256()
        let signerFlags = options.embedSignerCertificate ? flags : flags | Int32(PKCS7_NOCERTS)
        guard PKCS7_sign_add_signer(p7.pointer, cert.pointer, key.pointer, md, signerFlags) != nil else {
            throw OpenSSLError.drain("adding the signer")
        }
        for other in options.additionalSigners {
            let otherCertificate = try OwnedCertificate(derOrPEM: other.certificatePEM)
            let otherKey = try OwnedKey.fromPEM(other.privateKeyPEM)
            guard PKCS7_sign_add_signer(p7.pointer, otherCertificate.pointer, otherKey.pointer, md, flags) != nil
            else {
                throw OpenSSLError.drain("adding another signer")
            }
        }
        for certificate in extra {
            guard PKCS7_add_certificate(p7.pointer, certificate.pointer) == 1 else {
                throw OpenSSLError.drain("embedding a chain certificate")
            }
        }

        let content = try OwnedBIO(reading: payload)
        let output = try OwnedBIO.memory()
        switch options.encoding {
        case .ber:
            guard i2d_PKCS7_bio_stream(output.pointer, p7.pointer, content.pointer, flags) == 1 else {
                throw OpenSSLError.drain("signing and streaming the receipt")
            }
        case .der:
            guard PKCS7_final(p7.pointer, content.pointer, flags) == 1 else {
                throw OpenSSLError.drain("signing the receipt")
            }
            if options.corruptMessageDigest {
                try corruptMessageDigest(p7, payload: payload, md: md)
            }
            if restates {
                try restateAlgorithms(
                    p7, digest: options.statedDigestAlgorithm, signature: options.statedSignatureAlgorithm)
            }
            guard i2d_PKCS7_bio(output.pointer, p7.pointer) == 1 else {
                throw OpenSSLError.drain("encoding the receipt")
            }
        }
        return try output.contents()
    }

    /// Swaps messageDigest for the digest of different bytes, then signs the attributes again
    /// with the key `PKCS7_sign_add_signer` left on the signer info.
    private static func corruptMessageDigest(_ p7: OwnedPKCS7, payload: [UInt8], md: OpaquePointer?)
        throws(OpenSSLError)
    {
        guard let signers = PKCS7_get_signer_info(p7.pointer), CReceipt_sk_PKCS7_SIGNER_INFO_num(signers) == 1,
            let info = CReceipt_sk_PKCS7_SIGNER_INFO_value(signers, 0)
        else {
            throw OpenSSLError.drain("finding the signer info")
        }
        var wrong = try digest(payload + [0x00], md: md)
        let added = wrong.withUnsafeMutableBytes { bytes in
            PKCS7_add1_attrib_digest(info, bytes.baseAddress, Int32(bytes.count))
        }
        guard added == 1 else {
            throw OpenSSLError.drain("replacing messageDigest")
        }
        guard PKCS7_SIGNER_INFO_sign(info) == 1 else {
            throw OpenSSLError.drain("re-signing the signed attributes")
        }
    }

    /// Rewrites the first signer's digest and signature AlgorithmIdentifiers after the signature
    /// is made, so the signature stays what the key produced while the receipt claims otherwise.
    private static func restateAlgorithms(_ p7: OwnedPKCS7, digest: String?, signature: String?) throws(OpenSSLError) {
        guard let signers = PKCS7_get_signer_info(p7.pointer), CReceipt_sk_PKCS7_SIGNER_INFO_num(signers) >= 1,
            let info = CReceipt_sk_PKCS7_SIGNER_INFO_value(signers, 0)
        else {
            throw OpenSSLError.drain("finding the signer info")
        }
        var digestAlgorithm: UnsafeMutablePointer<X509_ALGOR>?
        var signatureAlgorithm: UnsafeMutablePointer<X509_ALGOR>?
        PKCS7_SIGNER_INFO_get0_algs(info, nil, &digestAlgorithm, &signatureAlgorithm)
        for (oid, algorithm) in [(digest, digestAlgorithm), (signature, signatureAlgorithm)] {
            guard let oid else { continue }
            guard let algorithm, let object = OBJ_txt2obj(oid, 1) else {
                throw OpenSSLError.drain("restating the algorithm \(oid)")
            }
            // set0 takes the object; on failure it is still ours to free.
            guard X509_ALGOR_set0(algorithm, object, V_ASN1_NULL, nil) == 1 else {
                ASN1_OBJECT_free(object)
                throw OpenSSLError.drain("restating the algorithm \(oid)")
            }
        }
    }

    static func digest(_ bytes: [UInt8], md: OpaquePointer?) throws(OpenSSLError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var size: UInt32 = 0
        let ok = bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                EVP_Digest(input.baseAddress, input.count, output.baseAddress, &size, md, nil)
            }
        }
        guard ok == 1, Int(size) <= out.count else {
            throw OpenSSLError.drain("computing a digest")
        }
        return Array(out.prefix(Int(size)))
    }
}
