import ReceiptKit

/// The extension OIDs that mark Apple's receipt-signing chain, as `TestPKI.issue(markers:)` takes them.
public enum MarkerOID {
    /// On the Apple Worldwide Developer Relations intermediate.
    public static let intermediate = ReceiptKit.ObjectIdentifier.wwdrIntermediateMarker
    /// On the Mac App Store and iTunes Store Receipt Signing leaf.
    public static let receiptSigning = ReceiptKit.ObjectIdentifier.receiptSigningMarker
}
