/// One BER or DER element with the buffer it was read from (no copies): its place (`ASN1Span`) and one slice.
package struct ASN1Element: Sendable {
    /// Where the element lies in `buffer`.
    package let span: ASN1Span
    /// The buffer the element was read from: one slice held, so that making and dropping an element costs one
    /// reference count.
    private let buffer: ArraySlice<UInt8>

    /// The element `span` of `bytes`.
    init(_ span: ASN1Span, in bytes: ArraySlice<UInt8>) {
        self.span = span
        buffer = bytes
    }

    /// The identifier octet.
    package var tag: UInt8 { span.tag }
    /// The contents octets. For an indefinite-length element, the bytes between the header
    /// and its end-of-contents marker.
    package var contents: ArraySlice<UInt8> { buffer[span.contents] }
    /// The whole element: header, contents and, when indefinite, the end-of-contents marker.
    package var encoded: ArraySlice<UInt8> { buffer[span.encoded] }
    package var isIndefiniteLength: Bool { span.isIndefiniteLength }

    /// Offset of the identifier octet in the buffer.
    package var offset: Int { span.start }
    package var isConstructed: Bool { span.isConstructed }

    /// A reader over the children of a constructed element.
    package func children() throws(ASN1Error) -> ASN1Reader {
        try ASN1Reader(childrenOf: span, in: buffer)
    }
}

extension UInt8 {
    var hex: String { "0x" + HexBytes.encode(CollectionOfOne(self)) }
}
