/// Which certificates a signer may chain to: trust comes from here only, never from the input.
public struct TrustPolicy: Sendable {
    /// Where the anchors come from, as reports name it.
    public enum Anchors: String, Sendable, Codable {
        /// Apple's embedded roots.
        case apple
        /// Roots the caller chose (a test PKI).
        case custom = "custom_roots"
    }

    /// Apple's roots or the caller's.
    public let anchors: Anchors
    /// The anchors' DER; a chain that embeds an anchor is checked against that copy, without decoding one.
    public let rootDER: [[UInt8]]
    /// The anchors' common names (or subjects), for reports.
    public let rootNames: [String]
    /// Anchors already decoded (the caller's own roots), by index into `rootDER`.
    let decodedRoots: [Certificate?]
    /// The certificate Xcode exports for StoreKit Testing; inputs signed by exactly it are reported as such.
    public let storeKitTestCertificate: Certificate?

    /// Apple's roots, optionally with a StoreKit Testing certificate. Nothing is decoded here.
    public static func apple(storeKitTestCertificate: Certificate? = nil) throws(OpenSSLError) -> TrustPolicy {
        TrustPolicy(
            anchors: .apple, rootDER: AppleRootCertificates.all, rootNames: AppleRootCertificates.names,
            decodedRoots: AppleRootCertificates.all.map { _ in nil }, storeKitTestCertificate: storeKitTestCertificate)
    }

    /// Only the given roots (which replace Apple's), optionally with a StoreKit Testing certificate.
    public static func custom(roots: [Certificate], storeKitTestCertificate: Certificate? = nil) -> TrustPolicy {
        TrustPolicy(
            anchors: .custom, rootDER: roots.map(\.der), rootNames: roots.map { $0.commonName ?? $0.subject },
            decodedRoots: roots, storeKitTestCertificate: storeKitTestCertificate)
    }
}
