/// One BER or DER element, as slices of the buffer it was read from (no copies).
package struct ASN1Element: Sendable {
    /// The identifier octet.
    package let tag: UInt8
    /// The contents octets. For an indefinite-length element, the bytes between the header
    /// and its end-of-contents marker.
    package let contents: ArraySlice<UInt8>
    /// The whole element: header, contents and, when indefinite, the end-of-contents marker.
    package let encoded: ArraySlice<UInt8>
    package let isIndefiniteLength: Bool

    /// Offset of the identifier octet in the buffer.
    package var offset: Int { encoded.startIndex }
    package var isConstructed: Bool { ASN1Tag.isConstructed(tag) }

    /// A reader over the children of a constructed element.
    package func children() throws(ASN1Error) -> ASN1Reader {
        guard isConstructed else {
            throw ASN1Error(
                .unexpectedTag, at: offset, "expected a constructed element, found primitive tag \(tag.hex)")
        }
        return ASN1Reader(contents)
    }
}

extension UInt8 {
    var hex: String {
        let digits: [Character] = Array("0123456789abcdef")
        return "0x" + String(digits[Int(self >> 4)]) + String(digits[Int(self & 0x0F)])
    }
}
