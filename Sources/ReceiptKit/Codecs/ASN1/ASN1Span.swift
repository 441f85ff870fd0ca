/// Where one BER or DER element lies in the buffer it was read from: indices only, no slice, so that a walk
/// over many elements (a receipt's container) makes no reference to the buffer and counts none.
/// `ASN1Element` is the same element with its bytes.
package struct ASN1Span: Sendable {
    /// The identifier octet.
    package let tag: UInt8
    /// Index of the identifier octet.
    package let start: Int
    /// The contents octets' indices. For an indefinite-length element, the bytes between the header and its
    /// end-of-contents marker.
    package let contents: Range<Int>
    /// Index just past the element: past the contents and, when indefinite, the end-of-contents marker.
    package let end: Int
    package let isIndefiniteLength: Bool

    package var isConstructed: Bool { ASN1Tag.isConstructed(tag) }

    /// The whole element's indices: header, contents and any end-of-contents marker.
    package var encoded: Range<Int> { start..<end }
}
