/// The extension OIDs that mark Apple's receipt-signing chain, as `TestPKI.issue(markers:)` takes them.
///
/// Written out rather than taken from the verifier, so a wrong OID there fails the tests minted here.
public enum MarkerOID {
    /// On the Apple Worldwide Developer Relations intermediate.
    public static let intermediate = "1.2.840.113635.100.6.2.1"
    /// On the Mac App Store and iTunes Store Receipt Signing leaf.
    public static let receiptSigning = "1.2.840.113635.100.6.11.1"
}
