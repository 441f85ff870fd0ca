/// A place in a run of BER (and so DER) elements: the one walk every DER reading in the library goes through,
/// over indices of a buffer the caller passes to each call. Holding no bytes, a cursor costs no reference
/// count to make, copy or drop; `ASN1Reader` is a cursor with its bytes.
///
/// Every declared length is checked against the cursor's end before it is used, and nothing is ever
/// allocated from a declared length. Indefinite lengths are resolved by an iterative scan whose nesting is
/// capped at `ASN1Reader.maximumDepth`, so the input cannot choose how deep the walk goes.
package struct ASN1Cursor: Sendable {
    /// Index of the next unread byte.
    package private(set) var position: Int
    /// Index just past the last byte the cursor may read.
    package let end: Int

    /// A cursor over every byte of `bytes`.
    package init(_ bytes: ArraySlice<UInt8>) {
        position = bytes.startIndex
        end = bytes.endIndex
    }

    /// A cursor over the children of a constructed element.
    package init(childrenOf element: ASN1Span) throws(ASN1Error) {
        guard element.isConstructed else {
            throw ASN1Error(
                .unexpectedTag, at: element.start,
                "expected a constructed element, found primitive tag \(element.tag.hex)")
        }
        position = element.contents.lowerBound
        end = element.contents.upperBound
    }

    package var isAtEnd: Bool { position >= end }

    /// The tag of the next element of `bytes`, without consuming it.
    package func nextTag(in bytes: ArraySlice<UInt8>) -> UInt8? {
        isAtEnd ? nil : bytes[position]
    }

    /// Reads the next element of `bytes`, whatever its tag.
    package mutating func next(in bytes: ArraySlice<UInt8>) throws(ASN1Error) -> ASN1Span {
        let element = try ASN1Reader.span(at: position, end: end, in: bytes)
        position = element.end
        return element
    }

    /// Reads the next element of `bytes` and checks that it carries `tag`.
    package mutating func read(_ tag: UInt8, _ what: @autoclosure () -> String, in bytes: ArraySlice<UInt8>)
        throws(ASN1Error) -> ASN1Span
    {
        guard let found = nextTag(in: bytes) else {
            throw ASN1Error(.truncated, at: position, "\(what()) is missing: the data ends")
        }
        guard found == tag else {
            throw ASN1Error(.unexpectedTag, at: position, "\(what()): expected tag \(tag.hex), found \(found.hex)")
        }
        return try next(in: bytes)
    }

    /// Reads the next element of `bytes` only when it carries `tag`.
    package mutating func readIfPresent(_ tag: UInt8, in bytes: ArraySlice<UInt8>) throws(ASN1Error) -> ASN1Span? {
        guard nextTag(in: bytes) == tag else { return nil }
        return try next(in: bytes)
    }

    /// Throws unless every byte has been read.
    package func expectEnd(_ what: @autoclosure () -> String) throws(ASN1Error) {
        guard isAtEnd else {
            throw ASN1Error(.trailingBytes, at: position, "unexpected data after \(what())")
        }
    }
}
