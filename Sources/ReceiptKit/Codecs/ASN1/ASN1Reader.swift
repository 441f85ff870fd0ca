/// Reads BER (and so DER) elements one after another from a byte slice: the one DER reader, its elements
/// indices into `bytes`. Bounds are set at making, every declared length is checked before use, nothing is
/// allocated from one, and indefinite lengths are scanned iteratively to `maximumDepth`.
package struct ASN1Reader: Sendable {
    /// The deepest nesting of indefinite lengths accepted: genuine Xcode receipts nest seven deep.
    package static let maximumDepth = 32

    /// The buffer read; each element's indices index it.
    package let bytes: ArraySlice<UInt8>
    /// Index of the next unread byte.
    package private(set) var position: Int
    /// Index just past the last byte the reader may read.
    package private(set) var end: Int

    package init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
        end = bytes.endIndex
    }

    package init(_ bytes: [UInt8]) {
        self.init(bytes[...])
    }

    /// A reader over `range` of the same bytes, held inside them.
    private init(_ bytes: ArraySlice<UInt8>, _ range: Range<Int>) {
        self.bytes = bytes
        let range = range.clamped(to: bytes.indices)
        position = range.lowerBound
        end = range.upperBound
    }

    /// A reader over the children of `element`, a constructed element this reader (or its parent) read.
    package func children(of element: ASN1Element) throws(ASN1Error) -> ASN1Reader {
        guard element.isConstructed else {
            throw ASN1Error(
                .unexpectedTag, at: element.offset,
                "expected a constructed element, found primitive tag \(element.tag.hex)")
        }
        return ASN1Reader(bytes, element.contents)
    }

    /// A reader over `range` of the same bytes: the one element an attribute value holds, say.
    package func reading(_ range: Range<Int>) -> ASN1Reader {
        ASN1Reader(bytes, range)
    }

    /// `body` run with this reader over `range` alone, its bounds put back after: a second reader would
    /// retain the bytes again.
    @inline(__always)
    package mutating func reading<T, E: Error>(_ range: Range<Int>, _ body: (inout ASN1Reader) throws(E) -> T)
        throws(E) -> T
    {
        let saved = (position, end)
        let range = range.clamped(to: bytes.startIndex..<bytes.endIndex)
        position = range.lowerBound
        end = range.upperBound
        defer { (position, end) = saved }
        return try body(&self)
    }

    package var isAtEnd: Bool { position >= end }

    /// The tag of the next element, without consuming it.
    package var nextTag: UInt8? { isAtEnd ? nil : bytes[position] }

    /// Reads the next element, whatever its tag.
    @inline(__always)
    package mutating func next() throws(ASN1Error) -> ASN1Element {
        let start = position
        let head = try header(at: start)
        guard head.tag != ASN1Tag.endOfContents else {
            throw ASN1Error(.invalidEndOfContents, at: start, "an end-of-contents marker where an element belongs")
        }
        let element: ASN1Element
        if let length = head.length {
            let contentsEnd = head.contentsStart &+ length
            element = ASN1Element(
                tag: head.tag, offset: start, contents: head.contentsStart..<contentsEnd, end: contentsEnd,
                isIndefiniteLength: false)
        } else {
            let contentsEnd = try endOfIndefiniteContents(from: head.contentsStart)
            element = ASN1Element(
                tag: head.tag, offset: start, contents: head.contentsStart..<contentsEnd, end: contentsEnd &+ 2,
                isIndefiniteLength: true)
        }
        position = element.end
        return element
    }

    /// Reads the next element and checks that it carries `tag`.
    @inline(__always)
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

    /// Parses the identifier and length octets at `start`: the one reading of DER's lengths, each checked
    /// against what remains before it is added, so nothing overflows.
    @inline(__always)
    private func header(at start: Int) throws(ASN1Error) -> Header {
        guard start < end else {
            throw ASN1Error(.truncated, at: start, "expected an element, but the data ends")
        }
        let tag = bytes[start]
        guard tag & 0x1F != 0x1F else {
            throw ASN1Error(.unsupportedTag, at: start, "high tag numbers are not used by receipts")
        }
        var index = start &+ 1
        guard index < end else {
            throw ASN1Error(.truncated, at: index, "the length of an element is missing")
        }
        let first = bytes[index]
        index &+= 1
        var length = Int(first)
        if first >= 0x80 {
            if first == 0x80 {
                guard ASN1Tag.isConstructed(tag) else {
                    throw ASN1Error(.invalidLength, at: start, "a primitive element cannot have an indefinite length")
                }
                return Header(tag: tag, contentsStart: index, length: nil)
            }
            let count = length & 0x7F
            // Eight length octets already describe more bytes than any input this reader accepts.
            guard count <= 8 else {
                throw ASN1Error(.invalidLength, at: index &- 1, "a length of \(count) octets is not supported")
            }
            guard end &- index >= count else {
                throw ASN1Error(.truncated, at: index, "the length octets run past the end of the data")
            }
            let value = bytes.bigEndian(index..<(index &+ count))
            guard value <= UInt64(Int.max) else {
                throw ASN1Error(.invalidLength, at: index, "the declared length is too large")
            }
            index &+= count
            length = Int(value)
        }
        guard end &- index >= length else {
            throw ASN1Error(
                .truncated, at: start, "an element declares \(length) bytes but only \(end &- index) remain")
        }
        return Header(tag: tag, contentsStart: index, length: length)
    }

    /// Finds the end-of-contents marker of an indefinite-length element, with a counter instead of recursion.
    private func endOfIndefiniteContents(from start: Int) throws(ASN1Error) -> Int {
        var depth = 1
        var index = start
        while true {
            let head = try header(at: index)
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
                guard depth <= Self.maximumDepth else {
                    throw ASN1Error(
                        .tooDeep, at: index, "indefinite-length elements nest deeper than \(Self.maximumDepth)")
                }
                index = head.contentsStart
            }
        }
    }
}

extension ArraySlice<UInt8> {
    /// The unsigned big-endian number in `range` (at most eight octets, checked by the callers).
    @inline(__always)
    func bigEndian(_ range: Range<Int>) -> UInt64 {
        var value: UInt64 = 0
        for index in range {
            value = value &<< 8 | UInt64(self[index])
        }
        return value
    }
}
