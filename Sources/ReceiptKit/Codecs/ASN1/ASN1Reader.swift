/// Reads BER (and so DER) elements one after another from a byte slice: an `ASN1Cursor` with the bytes it
/// walks, handing out each element with its bytes (`ASN1Element`). The walk, its checks and its messages
/// are the cursor's.
package struct ASN1Reader: Sendable {
    /// The deepest nesting of indefinite-length elements accepted. Genuine Xcode receipts
    /// nest seven deep; certificates never use indefinite lengths.
    package static let maximumDepth = 32

    /// The bytes read, kept whole: advancing moves the cursor alone, so reading an element makes no slice of
    /// what remains and pays no reference counting for it.
    private let bytes: ArraySlice<UInt8>
    private var cursor: ASN1Cursor

    package init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        cursor = ASN1Cursor(bytes)
    }

    package init(_ bytes: [UInt8]) {
        self.init(bytes[...])
    }

    /// A reader over the children of `element`, whose buffer `bytes` is.
    init(childrenOf element: ASN1Span, in bytes: ArraySlice<UInt8>) throws(ASN1Error) {
        cursor = try ASN1Cursor(childrenOf: element)
        self.bytes = bytes
    }

    package var isAtEnd: Bool { cursor.isAtEnd }

    /// Offset of the next unread byte.
    package var position: Int { cursor.position }

    /// The tag of the next element, without consuming it.
    package var nextTag: UInt8? { cursor.nextTag(in: bytes) }

    /// Reads the next element, whatever its tag.
    package mutating func next() throws(ASN1Error) -> ASN1Element {
        ASN1Element(try cursor.next(in: bytes), in: bytes)
    }

    /// Reads the next element and checks that it carries `tag`.
    package mutating func read(_ tag: UInt8, _ what: @autoclosure () -> String) throws(ASN1Error) -> ASN1Element {
        ASN1Element(try cursor.read(tag, what(), in: bytes), in: bytes)
    }

    /// Reads the next element only when it carries `tag`.
    package mutating func readIfPresent(_ tag: UInt8) throws(ASN1Error) -> ASN1Element? {
        try cursor.readIfPresent(tag, in: bytes).map { ASN1Element($0, in: bytes) }
    }

    /// Throws unless every byte has been read.
    package func expectEnd(_ what: @autoclosure () -> String) throws(ASN1Error) {
        try cursor.expectEnd(what())
    }

    // MARK: - Headers

    private struct Header {
        var tag: UInt8
        /// Index of the first contents octet.
        var contentsStart: Int
        /// nil for the indefinite form.
        var length: Int?
    }

    /// Parses the identifier and length octets at `start` of `bytes`, checking a definite length against
    /// `end` (at most `bytes.endIndex`).
    private static func header(at start: Int, end: Int, in bytes: ArraySlice<UInt8>) throws(ASN1Error) -> Header {
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
        let length = bytes.bigEndian(index..<(index + count))
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

    /// The element at `start` of `bytes`, ending by `end`. The common header (a low tag number other than
    /// end-of-contents, a `DefiniteLength`) is read in place; anything else by `header`, which returns the
    /// same element or names the fault: certificates and containers are read element by element, and the
    /// common case skips the error paths.
    static func span(at start: Int, end: Int, in bytes: ArraySlice<UInt8>) throws(ASN1Error) -> ASN1Span {
        // A cursor handed a buffer other than its own, shorter than its bounds, finds the data ended: an
        // error, never a read outside `bytes`.
        guard start >= bytes.startIndex, end <= bytes.endIndex else {
            throw ASN1Error(.truncated, at: start, "expected an element, but the data ends")
        }
        if let element = definiteElement(at: start, end: end, in: bytes) {
            return ASN1Span(
                tag: element.tag, start: start, contents: element.contents, end: element.contents.upperBound,
                isIndefiniteLength: false)
        }
        let head = try header(at: start, end: end, in: bytes)
        if head.tag == ASN1Tag.endOfContents {
            throw ASN1Error(.invalidEndOfContents, at: start, "an end-of-contents marker where an element belongs")
        }
        if let length = head.length {
            let contentsEnd = head.contentsStart + length
            return ASN1Span(
                tag: head.tag, start: start, contents: head.contentsStart..<contentsEnd, end: contentsEnd,
                isIndefiniteLength: false)
        }
        let contentsEnd = try endOfIndefiniteContents(from: head.contentsStart, end: end, in: bytes)
        return ASN1Span(
            tag: head.tag, start: start, contents: head.contentsStart..<contentsEnd, end: contentsEnd + 2,
            isIndefiniteLength: true)
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
            let contents = DefiniteLength.contents(at: start, end: end, in: bytes)
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
        return DefiniteLength.contents(at: start, end: end, in: bytes)
    }

    /// Finds the end-of-contents marker that closes an indefinite-length element whose contents
    /// start at `start`, walking nested elements with a counter instead of recursion.
    private static func endOfIndefiniteContents(from start: Int, end: Int, in bytes: ArraySlice<UInt8>)
        throws(ASN1Error) -> Int
    {
        var depth = 1
        var index = start
        while true {
            let head = try header(at: index, end: end, in: bytes)
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
