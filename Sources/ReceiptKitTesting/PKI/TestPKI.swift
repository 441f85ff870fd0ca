internal import CReceipt
import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A throwaway certificate hierarchy shaped like Apple's: root, intermediate and leaf with Apple's
/// markers, RSA-2048 (or EC P-256 for JWS) keys, and a lone self-signed StoreKit Testing certificate.
/// Names are fixed, so a second PKI's root is a "self-made root" a verifier trusting the first must reject.
public struct TestPKI: Sendable, Equatable {
    /// The self-signed root CA: the one certificate a verifier under test trusts.
    public let root: TestCredential
    /// The CA under the root, carrying the WWDR marker as Apple's intermediate does.
    public let intermediate: TestCredential
    /// The certificate that signs App Store style receipts and JWS.
    public let leaf: TestCredential
    /// Self-signed, like Xcode's `CN=StoreKit` certificate: signs receipts on its own.
    public let storeKit: TestCredential

    /// A PKI from credentials made elsewhere, e.g. loaded one by one.
    public init(root: TestCredential, intermediate: TestCredential, leaf: TestCredential, storeKit: TestCredential) {
        self.root = root
        self.intermediate = intermediate
        self.leaf = leaf
        self.storeKit = storeKit
    }

    /// What to generate. The defaults give a PKI a verifier should accept.
    public struct Options: Sendable, Equatable {
        /// Put the receipt-signing marker extension on the leaf.
        public var leafMarker = true
        /// Put the WWDR marker extension on the intermediate.
        public var intermediateMarker = true
        /// Validity of the leaf (and of the StoreKit certificate).
        public var leafNotBefore: Date = TestPKI.defaultNotBefore
        /// The end of the leaf's (and the StoreKit certificate's) validity.
        public var leafNotAfter: Date = TestPKI.defaultNotAfter
        /// Validity of the root and intermediate, widened by `generate` to cover the leaf's.
        public var caNotBefore: Date = TestPKI.defaultNotBefore
        /// The end of the root's and intermediate's validity, widened like `caNotBefore`.
        public var caNotAfter: Date = TestPKI.defaultNotAfter
        /// The size of RSA keys in bits.
        public var keyBits = 2048
        /// RSA for PKCS#7 receipts; EC P-256 for StoreKit 2 JWS (ES256).
        public var keyType: KeyType = .rsa
        /// The named curve of EC keys: P-256 as Apple's; another makes a leaf a verifier must refuse.
        public var curve = "P-256"
        /// A DER certificate whose subject the root copies (a "self-made root"); nil for the test PKI's own name.
        public var rootSubjectOf: [UInt8]?
        /// The OCSP responder URL the leaf names in its Authority Information Access; nil for none.
        public var leafOCSPURL: String?
        /// The OCSP responder URL a new intermediate names (answered for the root, which issued it).
        public var intermediateOCSPURL: String?

        /// The defaults: a PKI a verifier should accept.
        public init() {}
    }

    /// The kind of key every certificate of a PKI gets.
    public enum KeyType: String, Sendable, Equatable, CaseIterable {
        /// RSA, for PKCS#7 receipts.
        case rsa
        /// EC on `Options.curve`, for StoreKit 2 JWS (ES256).
        case ec
    }

    static func generateKey(_ options: Options) throws(OpenSSLError) -> OwnedKey {
        switch options.keyType {
        case .rsa: try OwnedKey.generateRSA(bits: options.keyBits)
        case .ec: try OwnedKey.generateEC(curve: options.curve)
        }
    }

    /// 2015-01-01T00:00:00Z: before any receipt a test is likely to date.
    public static let defaultNotBefore = Date(timeIntervalSince1970: 1_420_070_400)
    /// 2045-01-01T00:00:00Z: still a UTCTime, and far enough for CI runs "now".
    public static let defaultNotAfter = Date(timeIntervalSince1970: 2_366_841_600)

    /// The subject names the test PKI gives its certificates (C=US, O, OU, CN).
    public enum Name {
        /// The organization (O) of every certificate.
        public static let organization = "receipt-check test PKI"
        /// The common name (CN) of the root.
        public static let root = "receipt-check Test Root CA"
        /// The common name (CN) of the intermediate.
        public static let intermediate = "receipt-check Test Worldwide Developer Relations CA"
        /// The common name (CN) of the leaf.
        public static let leaf = "receipt-check Test Mac App Store Receipt Signing"
        /// The common name (CN) of the self-signed StoreKit certificate.
        public static let storeKit = "receipt-check Test StoreKit"
    }

    // MARK: - Generating

    /// Generates a PKI, or issues a new leaf under `parent`'s CAs (its intermediate too unless
    /// `options.intermediateMarker` is false), so that a bad leaf chains to the same trusted root.
    public static func generate(_ options: Options = Options(), under parent: TestPKI? = nil) throws(OpenSSLError)
        -> TestPKI
    {
        guard options.leafNotBefore < options.leafNotAfter, options.caNotBefore < options.caNotAfter else {
            throw OpenSSLError(operation: "generating the test PKI", reasons: ["notBefore must precede notAfter"])
        }
        let caNotBefore = min(options.caNotBefore, options.leafNotBefore)
        let caNotAfter = max(options.caNotAfter, options.leafNotAfter)

        let root: OwnedCertificate
        let rootKey: OwnedKey
        if let parent {
            root = try OwnedCertificate(derOrPEM: parent.root.certificatePEM)
            rootKey = try OwnedKey.fromPEM(parent.root.privateKeyPEM)
        } else {
            rootKey = try generateKey(options)
            let rootName: OwnedName
            if let der = options.rootSubjectOf {
                rootName = try OwnedName(subjectOf: der)
            } else {
                rootName = try OwnedName(
                    commonName: Name.root, organizationalUnit: "receipt-check Certification Authority")
            }
            root = try CertificateBuilder(
                subject: rootName, subjectKey: rootKey, notBefore: caNotBefore, notAfter: caNotAfter
            ).build(issuer: nil, issuerKey: rootKey) { builder, cert throws(OpenSSLError) in
                try builder.addExtension(nid: NID_basic_constraints, "critical,CA:TRUE", to: cert, issuer: cert)
                try builder.addExtension(nid: NID_key_usage, "critical,keyCertSign,cRLSign", to: cert, issuer: cert)
                try builder.addExtension(nid: NID_subject_key_identifier, "hash", to: cert, issuer: cert)
            }
        }

        let intermediate: OwnedCertificate
        let intermediateKey: OwnedKey
        if let parent, options.intermediateMarker {
            intermediate = try OwnedCertificate(derOrPEM: parent.intermediate.certificatePEM)
            intermediateKey = try OwnedKey.fromPEM(parent.intermediate.privateKeyPEM)
        } else {
            intermediateKey = try generateKey(options)
            let intermediateName = try OwnedName(
                commonName: Name.intermediate, organizationalUnit: "receipt-check Test Worldwide Developer Relations")
            intermediate = try CertificateBuilder(
                subject: intermediateName, subjectKey: intermediateKey, notBefore: caNotBefore, notAfter: caNotAfter
            ).build(issuer: root, issuerKey: rootKey) { builder, cert throws(OpenSSLError) in
                try builder.addExtension(
                    nid: NID_basic_constraints, "critical,CA:TRUE,pathlen:0", to: cert, issuer: root)
                try builder.addExtension(nid: NID_key_usage, "critical,keyCertSign,cRLSign", to: cert, issuer: root)
                try builder.addExtension(nid: NID_subject_key_identifier, "hash", to: cert, issuer: root)
                try builder.addExtension(nid: NID_authority_key_identifier, "keyid:always", to: cert, issuer: root)
                if options.intermediateMarker {
                    try builder.addMarker(MarkerOID.intermediate, to: cert)
                }
                if let url = options.intermediateOCSPURL {
                    try builder.addExtension(nid: NID_info_access, "OCSP;URI:\(url)", to: cert, issuer: root)
                }
            }
        }

        let leafKey = try generateKey(options)
        let leafName = try OwnedName(
            commonName: Name.leaf, organizationalUnit: "receipt-check Test Worldwide Developer Relations")
        let leaf = try CertificateBuilder(
            subject: leafName, subjectKey: leafKey, notBefore: options.leafNotBefore, notAfter: options.leafNotAfter
        ).build(issuer: intermediate, issuerKey: intermediateKey) { builder, cert throws(OpenSSLError) in
            try builder.addExtension(nid: NID_basic_constraints, "critical,CA:FALSE", to: cert, issuer: intermediate)
            try builder.addExtension(nid: NID_key_usage, "critical,digitalSignature", to: cert, issuer: intermediate)
            try builder.addExtension(nid: NID_subject_key_identifier, "hash", to: cert, issuer: intermediate)
            try builder.addExtension(
                nid: NID_authority_key_identifier, "keyid:always", to: cert, issuer: intermediate)
            if options.leafMarker {
                try builder.addMarker(MarkerOID.receiptSigning, to: cert)
            }
            if let url = options.leafOCSPURL {
                try builder.addExtension(nid: NID_info_access, "OCSP;URI:\(url)", to: cert, issuer: intermediate)
            }
        }

        let storeKit: TestCredential
        if let parent {
            storeKit = parent.storeKit
        } else {
            let storeKitKey = try generateKey(options)
            let storeKitName = try OwnedName(
                commonName: Name.storeKit, organizationalUnit: "receipt-check Test StoreKit")
            let storeKitCertificate = try CertificateBuilder(
                subject: storeKitName, subjectKey: storeKitKey, notBefore: options.leafNotBefore,
                notAfter: options.leafNotAfter
            ).build(issuer: nil, issuerKey: storeKitKey) { builder, cert throws(OpenSSLError) in
                // Xcode's certificate is a CA that signs receipts directly; copy that shape.
                try builder.addExtension(nid: NID_basic_constraints, "critical,CA:TRUE", to: cert, issuer: cert)
                try builder.addExtension(
                    nid: NID_key_usage, "critical,digitalSignature,keyCertSign", to: cert, issuer: cert)
                try builder.addExtension(nid: NID_subject_key_identifier, "hash", to: cert, issuer: cert)
            }
            storeKit = try credential(storeKitCertificate, storeKitKey)
        }

        return TestPKI(
            root: try credential(root, rootKey),
            intermediate: try credential(intermediate, intermediateKey),
            leaf: try credential(leaf, leafKey),
            storeKit: storeKit)
    }

    static func credential(_ cert: OwnedCertificate, _ key: OwnedKey) throws(OpenSSLError) -> TestCredential {
        TestCredential(
            certificatePEM: try cert.pem(), certificateDER: try cert.der(), privateKeyPEM: try key.privateKeyPEM())
    }

    // MARK: - Files

    /// The files `write(to:)` creates and `load(from:)` reads, relative to the directory.
    public enum FileName {
        /// The root certificate, PEM: the file to trust.
        public static let rootPEM = "root.pem"
        /// The root certificate, DER.
        public static let rootDER = "root.der"
        /// The root's private key.
        public static let rootKey = "root.key.pem"
        /// The intermediate certificate, PEM.
        public static let intermediatePEM = "intermediate.pem"
        /// The intermediate's private key.
        public static let intermediateKey = "intermediate.key.pem"
        /// The leaf certificate, PEM.
        public static let leafPEM = "leaf.pem"
        /// The leaf's private key.
        public static let leafKey = "leaf.key.pem"
        /// The StoreKit certificate, PEM: the file to trust for StoreKit Testing receipts.
        public static let storeKitPEM = "storekit.pem"
        /// The StoreKit certificate, DER.
        public static let storeKitDER = "storekit.der"
        /// The StoreKit certificate's private key.
        public static let storeKitKey = "storekit.key.pem"
        /// The root's CA database (the intermediate it issued), for `openssl ocsp -index`.
        public static let rootIndex = "root.index.txt"
        /// The intermediate's CA database (the leaf it issued), for `openssl ocsp -index`.
        public static let intermediateIndex = "intermediate.index.txt"
    }

    /// The files `write(to:)` writes, by name within the directory.
    public var files: [(name: String, bytes: [UInt8])] {
        [
            (FileName.rootPEM, root.certificatePEM), (FileName.rootDER, root.certificateDER),
            (FileName.rootKey, root.privateKeyPEM),
            (FileName.intermediatePEM, intermediate.certificatePEM),
            (FileName.intermediateKey, intermediate.privateKeyPEM),
            (FileName.leafPEM, leaf.certificatePEM), (FileName.leafKey, leaf.privateKeyPEM),
            (FileName.storeKitPEM, storeKit.certificatePEM), (FileName.storeKitDER, storeKit.certificateDER),
            (FileName.storeKitKey, storeKit.privateKeyPEM),
        ]
    }

    /// Writes every certificate and key into `directory`, creating it if needed.
    public func write(to directory: String) throws(TestPKIFileError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw TestPKIFileError(
                kind: .unwritable, path: directory,
                reason: "cannot create the directory: \(FileErrorText.describe(error))")
        }
        for (name, bytes) in files {
            let path = directory + "/" + name
            do {
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            } catch {
                throw TestPKIFileError(
                    kind: .unwritable, path: path, reason: "cannot write: \(FileErrorText.describe(error))")
            }
        }
    }

    /// Reads a PKI written by `write(to:)` (or `receipt-check make-test-pki`).
    public static func load(from directory: String) throws(TestPKIFileError) -> TestPKI {
        func read(_ name: String) throws(TestPKIFileError) -> [UInt8] {
            let path = directory + "/" + name
            do {
                return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw TestPKIFileError(
                    kind: .unreadable, path: path, reason: "cannot read: \(FileErrorText.describe(error))")
            }
        }
        func load(_ pem: String, _ key: String) throws(TestPKIFileError) -> TestCredential {
            let certificatePEM = try read(pem)
            let keyPEM = try read(key)
            let der: [UInt8]
            do throws(OpenSSLError) {
                der = try Certificate(derOrPEM: certificatePEM).der
            } catch {
                throw TestPKIFileError(kind: .invalid, path: directory + "/" + pem, reason: error.description)
            }
            // Parsed now so a bad key is reported as bad input, not as a failure to sign later.
            do throws(OpenSSLError) {
                _ = try OwnedKey.fromPEM(keyPEM)
            } catch {
                throw TestPKIFileError(kind: .invalid, path: directory + "/" + key, reason: error.description)
            }
            return TestCredential(certificatePEM: certificatePEM, certificateDER: der, privateKeyPEM: keyPEM)
        }
        return TestPKI(
            root: try load(FileName.rootPEM, FileName.rootKey),
            intermediate: try load(FileName.intermediatePEM, FileName.intermediateKey),
            leaf: try load(FileName.leafPEM, FileName.leafKey),
            storeKit: try load(FileName.storeKitPEM, FileName.storeKitKey))
    }
}
