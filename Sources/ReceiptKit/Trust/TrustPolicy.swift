/// Which certificates a receipt's signer may chain to. Trust comes from here only: never
/// from the certificates a receipt carries, never from what its payload claims.
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
    /// The trust anchors' DER. An input whose chain embeds an anchor byte for byte is checked against
    /// that copy, so an anchor is decoded only for a chain that leaves its root out.
    public let rootDER: [[UInt8]]
    /// The anchors' common names (or subjects), for reports.
    public let rootNames: [String]
    /// Anchors already decoded (the caller's own roots), by index into `rootDER`.
    let decodedRoots: [Certificate?]
    /// The certificate an Xcode project exports for StoreKit Testing; receipts signed by
    /// exactly this self-signed certificate are accepted and reported as such.
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
