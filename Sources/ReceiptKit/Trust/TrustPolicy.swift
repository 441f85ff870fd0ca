/// Which certificates a receipt's signer may chain to. Trust comes from here only: never
/// from the certificates a receipt carries, never from what its payload claims.
public struct TrustPolicy: Sendable {
    public enum Anchors: String, Sendable, Codable {
        /// Apple's embedded roots.
        case apple
        /// Roots the caller named with `--root` (a test PKI).
        case custom = "custom_roots"
    }

    public let anchors: Anchors
    public let roots: [Certificate]
    /// The certificate an Xcode project exports for StoreKit Testing; receipts signed by
    /// exactly this self-signed certificate are accepted and reported as such.
    public let storeKitTestCertificate: Certificate?

    /// Apple's roots, optionally with a StoreKit Testing certificate.
    public static func apple(storeKitTestCertificate: Certificate? = nil) throws(OpenSSLError) -> TrustPolicy {
        var roots: [Certificate] = []
        for der in AppleRootCertificates.all {
            roots.append(try Certificate(der: der))
        }
        return TrustPolicy(anchors: .apple, roots: roots, storeKitTestCertificate: storeKitTestCertificate)
    }

    /// Only the given roots (which replace Apple's), optionally with a StoreKit Testing certificate.
    public static func custom(roots: [Certificate], storeKitTestCertificate: Certificate? = nil) -> TrustPolicy {
        TrustPolicy(anchors: .custom, roots: roots, storeKitTestCertificate: storeKitTestCertificate)
    }
}
