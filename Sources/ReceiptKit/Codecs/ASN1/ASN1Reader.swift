/// Reads BER (and so DER) elements one after another from a byte slice.
///
/// Every declared length is checked against what remains before it is used, and nothing is
/// ever allocated from a declared length. Indefinite lengths are resolved by an iterative
/// scan whose nesting is capped at `maximumDepth`, so the input cannot choose how deep the
/// reader goes.
package struct ASN1Reader: Sendable {
    /// The deepest nesting of indefinite-length elements accepted. Genuine Xcode receipts
    /// nest seven deep; certificates never use indefinite lengths.
    package static let maximumDepth = 32

    private var remaining: ArraySlice<UInt8>

    package init(_ bytes: ArraySlice<UInt8>) {
        remaining = bytes
    }

    package init(_ bytes: [UInt8]) {
        remaining = bytes[...]
    }

    package var isAtEnd: Bool { remaining.isEmpty }

    /// Offset of the next unread byte.
    package var position: Int { remaining.startIndex }

    /// The tag of the next element, without consuming it.
    package var nextTag: UInt8? { remaining.first }

    /// Reads the next element, whatever its tag.
    package mutating func next() throws(ASN1Error) -> ASN1Element {
        let element = try Self.element(at: remaining.startIndex, in: remaining)
        remaining = remaining[element.encoded.endIndex...]
        return element
    }

    /// Reads the next element and checks that it carries `tag`.
    package mutating func read(_ tag: UInt8, _ what: @autoclosure () -> String) throws(ASN1Error) -> ASN1Element {
        guard let found = nextTag else {
            throw ASN1Error(.truncated, at: position, "\(what()) is missing: the data ends")
        }
        guard found == tag else {
            throw ASN1Error(.unexpectedTag, at: position, "\(what()): expected tag \(tag.hex), found \(found.hex)")
        }
        return try next()
    }

    /// Reads the next element only when it carries `tag`.
    package mutating func readIfPresent(_ tag: UInt8) throws(ASN1Error) -> ASN1Element? {
        guard nextTag == tag else { return nil }
        return try next()
    }

    /// Throws unless every byte has been read.
    package func expectEnd(_ what: @autoclosure () -> String) throws(ASN1Error) {
        guard isAtEnd else {
            throw ASN1Error(.trailingBytes, at: position, "unexpected data after \(what())")
        }
    }

    // MARK: - Headers

    private struct Header {
        var tag: UInt8
        /// Index of the first contents octet.
        var contentsStart: Int
        /// nil for the indefinite form.
        var length: Int?
    }

    /// Parses the identifier and length octets at `start`, checking a definite length against
    /// the end of `bytes`.
    private static func header(at start: Int, in bytes: ArraySlice<UInt8>) throws(ASN1Error) -> Header {
        let end = bytes.endIndex
        guard start < end else {
            throw ASN1Error(.truncated, at: start, "expected an element, but the data ends")
        }
        let tag = bytes[start]
        guard tag & 0x1F != 0x1F else {
            throw ASN1Error(.unsupportedTag, at: start, "high tag numbers are not used by receipts")
        }
        var index = start + 1
        guard index < end else {
            throw ASN1Error(.truncated, at: index, "the length of an element is missing")
        }
        let first = bytes[index]
        index += 1
        if first < 0x80 {
            return try checked(Header(tag: tag, contentsStart: index, length: Int(first)), end: end, start: start)
        }
        if first == 0x80 {
            guard ASN1Tag.isConstructed(tag) else {
                throw ASN1Error(.invalidLength, at: start, "a primitive element cannot have an indefinite length")
            }
            return Header(tag: tag, contentsStart: index, length: nil)
        }
        let count = Int(first & 0x7F)
        // Eight length octets already describe more bytes than any input this reader accepts.
        guard count <= 8 else {
            throw ASN1Error(.invalidLength, at: index - 1, "a length of \(count) octets is not supported")
        }
        guard end - index >= count else {
            throw ASN1Error(.truncated, at: index, "the length octets run past the end of the data")
        }
        var length: UInt64 = 0
        for byte in bytes[index..<(index + count)] {
            guard length >> 56 == 0 else {
                throw ASN1Error(.invalidLength, at: index, "the declared length is too large")
            }
            length = length << 8 | UInt64(byte)
        }
        index += count
        guard length <= UInt64(Int.max) else {
            throw ASN1Error(.invalidLength, at: index - count, "the declared length is too large")
        }
        return try checked(Header(tag: tag, contentsStart: index, length: Int(length)), end: end, start: start)
    }

    private static func checked(_ header: Header, end: Int, start: Int) throws(ASN1Error) -> Header {
        if let length = header.length, end - header.contentsStart < length {
            throw ASN1Error(
                .truncated, at: start,
                "an element declares \(length) bytes but only \(end - header.contentsStart) remain")
        }
        return header
    }

    // MARK: - Elements

    private static func element(at start: Int, in bytes: ArraySlice<UInt8>) throws(ASN1Error) -> ASN1Element {
        if let element = definiteElement(at: start, in: bytes) {
            return element
        }
        let head = try header(at: start, in: bytes)
        if head.tag == ASN1Tag.endOfContents {
            throw ASN1Error(.invalidEndOfContents, at: start, "an end-of-contents marker where an element belongs")
        }
        if let length = head.length {
            let contentsEnd = head.contentsStart + length
            return ASN1Element(
                tag: head.tag, contents: bytes[head.contentsStart..<contentsEnd], encoded: bytes[start..<contentsEnd],
                isIndefiniteLength: false)
        }
        let contentsEnd = try endOfIndefiniteContents(from: head.contentsStart, in: bytes)
        return ASN1Element(
            tag: head.tag, contents: bytes[head.contentsStart..<contentsEnd], encoded: bytes[start..<(contentsEnd + 2)],
            isIndefiniteLength: true)
    }

    /// The element at `start` when its header is the common case: a low tag number other than
    /// end-of-contents, and a `DefiniteLength`. Nil for anything else, which `header` then reads, returning
    /// the same element or naming the fault: certificates and containers are read element by element, and
    /// this skips its error paths.
    @inline(__always)
    private static func definiteElement(at start: Int, in bytes: ArraySlice<UInt8>) -> ASN1Element? {
        guard let element = definiteElement(at: start, end: bytes.endIndex, in: bytes) else { return nil }
        return ASN1Element(
            tag: element.tag, contents: bytes[element.contents], encoded: bytes[start..<element.contents.upperBound],
            isIndefiniteLength: false)
    }

    // MARK: - Elements in place

    /// The tag and the contents' indices of the element at index `start` of `bytes`, ending by `end`, when its
    /// header is the common case (a low tag number other than end-of-contents, a `DefiniteLength`); nil for
    /// anything else, which a reader over the same bytes reads, returning the same element or naming the
    /// fault. Indices, not slices: a walk over thousands of elements (a receipt's payload) then makes no
    /// slice and pays no reference counting. Reads only bytes inside `start..<end`, itself inside `bytes`.
    @inline(__always)
    package static func definiteElement(at start: Int, end: Int, in bytes: ArraySlice<UInt8>) -> (
        tag: UInt8, contents: Range<Int>
    )? {
        guard start >= bytes.startIndex, end <= bytes.endIndex, end &- start >= 2 else { return nil }
        let tag = bytes[start]
        guard tag & 0x1F != 0x1F, tag != ASN1Tag.endOfContents,
            let contents = DefiniteLength.contents(at: start, end: end, { bytes[$0] })
        else { return nil }
        return (tag, contents)
    }

    /// The contents' indices of the element at `start` of `bytes` when it carries `tag` (a low tag number,
    /// not end-of-contents) and has the common shape of `definiteElement(at:end:in:)`; nil for anything else.
    @inline(__always)
    package static func definiteContents(of tag: UInt8, at start: Int, end: Int, in bytes: ArraySlice<UInt8>)
        -> Range<Int>?
    {
        guard start >= bytes.startIndex, end <= bytes.endIndex, end &- start >= 2, bytes[start] == tag else {
            return nil
        }
        return DefiniteLength.contents(at: start, end: end, { bytes[$0] })
    }

    /// Finds the end-of-contents marker that closes an indefinite-length element whose contents
    /// start at `start`, walking nested elements with a counter instead of recursion.
    private static func endOfIndefiniteContents(from start: Int, in bytes: ArraySlice<UInt8>) throws(ASN1Error) -> Int {
        var depth = 1
        var index = start
        while true {
            let head = try header(at: index, in: bytes)
            if head.tag == ASN1Tag.endOfContents {
                guard head.length == 0 else {
                    throw ASN1Error(.invalidEndOfContents, at: index, "an end-of-contents marker must be 00 00")
                }
                depth -= 1
                if depth == 0 {
                    return index
                }
                index = head.contentsStart
            } else if let length = head.length {
                index = head.contentsStart + length
            } else {
                depth += 1
                guard depth <= maximumDepth else {
                    throw ASN1Error(.tooDeep, at: index, "indefinite-length elements nest deeper than \(maximumDepth)")
                }
                index = head.contentsStart
            }
        }
    }
}
