/// Where one BER or DER element lies in the bytes of the `ASN1Reader` that read it: indices only, so that
/// reading an element takes no reference to the buffer. Its bytes and values are the reader's to give.
package struct ASN1Element: Sendable {
    /// The identifier octet.
    package let tag: UInt8
    /// Index of the identifier octet.
    package let offset: Int
    /// The contents octets' indices. For an indefinite-length element, the bytes between the header and its
    /// end-of-contents marker.
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
