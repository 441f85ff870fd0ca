/// Where one BER or DER element lies in the reader's bytes: indices only, so reading takes no reference.
package struct ASN1Element: Sendable {
    /// The identifier octet.
    package let tag: UInt8
    /// Index of the identifier octet.
    package let offset: Int
    /// The contents octets' indices (for an indefinite length, up to its end-of-contents marker).
    package let contents: Range<Int>
    /// Index just past the element: past the contents and, when indefinite, the end-of-contents marker.
    package let end: Int
    package let isIndefiniteLength: Bool

    package var isConstructed: Bool { ASN1Tag.isConstructed(tag) }

    /// The whole element's indices: header, contents and any end-of-contents marker.
    package var encoded: Range<Int> { offset..<end }
}

extension UInt8 {
    var hex: String { "0x" + HexBytes.encode(CollectionOfOne(self)) }
}
