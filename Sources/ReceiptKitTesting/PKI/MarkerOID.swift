/// The OIDs that mark Apple's chain, written out rather than the verifier's, so a wrong one there fails tests.
public enum MarkerOID {
    /// On the Apple Worldwide Developer Relations intermediate.
    public static let intermediate = "1.2.840.113635.100.6.2.1"
    /// On the Mac App Store and iTunes Store Receipt Signing leaf.
    public static let receiptSigning = "1.2.840.113635.100.6.11.1"
}
