import Testing

@testable import ReceiptKit

@Suite(.timeLimit(.minutes(10))) struct ASN1ReaderTests {
    @Test func readsDefiniteAndIndefiniteElements() throws {
        // SEQUENCE (indefinite) { INTEGER 5, OCTET STRING (constructed, indefinite) { "ab", "c" } }
        let bytes: [UInt8] = [
            0x30, 0x80, 0x02, 0x01, 0x05, 0x24, 0x80, 0x04, 0x02, 0x61, 0x62, 0x04, 0x01, 0x63, 0x00, 0x00, 0x00, 0x00,
        ]
        var reader = ASN1Reader(bytes)
        let sequence = try reader.read(ASN1Tag.sequence, "sequence")
        #expect(sequence.isIndefiniteLength)
        #expect(sequence.encoded.count == bytes.count)
        try reader.expectEnd("sequence")
        var children = try reader.children(of: sequence)
        #expect(try reader.nonNegativeInteger(children.read(ASN1Tag.integer, "int")) == 5)
        let octets = try reader.octets(children.next())
        #expect(Array(octets) == Array("abc".utf8))
        try children.expectEnd("children")
    }

    /// Only an OCTET STRING, primitive or segmented, has octets: a primitive element of another tag is
    /// refused, not handed over as its contents.
    @Test func octetsOfAnotherTagAreRefused() throws {
        var reader = ASN1Reader([0x0C, 0x01, 0x61, 0x04, 0x01, 0x61])
        let text = try reader.next()
        #expect(throws: ASN1Error.self) { _ = try reader.octets(text) }
        #expect(Array(try reader.octets(reader.next())) == [0x61])
    }

    @Test func everyPrefixFailsCleanly() {
        let bytes: [UInt8] = [
            0x30, 0x80, 0x02, 0x01, 0x05, 0x24, 0x80, 0x04, 0x02, 0x61, 0x62, 0x04, 0x01, 0x63, 0x00, 0x00, 0x00, 0x00,
        ]
        for length in 0..<bytes.count {
            var reader = ASN1Reader(bytes[0..<length])
            #expect(throws: ASN1Error.self) { _ = try reader.next() }
        }
    }

    /// A length in its short form and in long forms of one to eight octets gives the same element; one byte
    /// short, each is refused.
    @Test(arguments: [0, 1, 127, 128, 255, 256, 300])
    func everyLengthFormReadsTheSameElement(length: Int) throws {
        let contents = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        var forms: [[UInt8]] = length < 0x80 ? [[UInt8(length)]] : []
        for octets in 1...8 where length >> (8 * octets) == 0 {
            forms.append(
                [0x80 | UInt8(octets)] + (0..<octets).reversed().map { UInt8(truncatingIfNeeded: length >> (8 * $0)) })
        }
        for form in forms {
            let bytes = [UInt8(0x04)] + form + contents
            var slice = ASN1Reader(Array([0xEE] + bytes + [0x05, 0x00])[1...])
            let element = try slice.next()
            #expect(element.tag == 0x04)
            #expect(Array(slice.bytes[element.contents]) == contents, "length form \(form)")
            #expect(Array(slice.bytes[element.encoded]) == bytes)
            #expect(element.offset == 1)
            #expect(try slice.next().tag == 0x05)
            try slice.expectEnd("the NULL")
            var short = ASN1Reader(Array(bytes.dropLast()))
            #expect(throws: ASN1Error.self, "length form \(form), one byte short") { _ = try short.next() }
        }
    }

    /// A child is read within its parent's contents, never past them into the bytes after the parent, with a
    /// short length, five length octets and by the indefinite scan.
    @Test(arguments: [
        [UInt8]([0x30, 0x03, 0x04, 0x04, 0x61, 0x62, 0x63, 0x64]),
        [0x30, 0x08, 0x04, 0x85, 0x00, 0x00, 0x00, 0x00, 0x04, 0x61, 0x62, 0x63, 0x64],
        [0x30, 0x04, 0x30, 0x80, 0x05, 0x00, 0x00, 0x00],
    ])
    func aChildIsReadWithinItsParentOnly(bytes: [UInt8]) throws {
        var reader = ASN1Reader(bytes)
        let parent = try reader.next()
        #expect(reader.position == 2 + Int(bytes[1]))
        var children = try reader.children(of: parent)
        #expect(throws: ASN1Error.self) { _ = try children.next() }
        // The same child alone in its buffer is read whole: the parent's end, not the child's, refused it.
        var alone = ASN1Reader(bytes[2...])
        #expect(try alone.next().offset == 2)
    }

    /// A primitive element's contents are bytes, not children, even when they read as elements: an OCTET
    /// STRING holding an empty SEQUENCE is refused as a parent.
    @Test func aPrimitiveElementHasNoChildren() throws {
        let bytes: [UInt8] = [0x04, 0x02, 0x30, 0x00]
        var reader = ASN1Reader(bytes)
        let element = try reader.next()
        #expect(throws: ASN1Error.self) { _ = try reader.children(of: element) }
        var constructed = ASN1Reader([0x30, 0x02, 0x30, 0x00])
        var children = try constructed.children(of: constructed.next())
        #expect(try children.next().tag == ASN1Tag.sequence)
    }

    /// A reader asked for a range past its bytes reads only inside them: it throws rather than reading
    /// outside them.
    @Test func aReaderOverARangePastItsBytesThrows() throws {
        let bytes: [UInt8] = [0x04, 0x02, 0x61, 0x62]
        var whole = ASN1Reader(bytes).reading(0..<4)
        #expect(try whole.next().end == bytes.count)
        var shorter = ASN1Reader(bytes[0..<2]).reading(0..<4)
        #expect(throws: ASN1Error.self) { _ = try shorter.next() }
    }

    @Test func endOfContentsWhereAnElementBelongsIsRefused() {
        var reader = ASN1Reader([0x00, 0x00])
        #expect(throws: ASN1Error.self) { _ = try reader.next() }
    }

    @Test func deepIndefiniteNestingIsRefused() {
        let bytes =
            [UInt8](repeating: 0, count: 0) + Array(repeating: [UInt8]([0x30, 0x80]), count: 100).flatMap { $0 }
        var reader = ASN1Reader(bytes)
        #expect(throws: ASN1Error.self) { _ = try reader.next() }
    }

    @Test(
        arguments: [
            ([0x02, 0x01, 0x00], 0),
            ([0x02, 0x01, 0x7F], 127),
            ([0x02, 0x02, 0x00, 0x80], 128),
            ([0x02, 0x07, 0x03, 0x8D, 0x7E, 0xA4, 0xC6, 0x80, 0x00], 1_000_000_000_000_000),
            ([0x02, 0x09, 0x00, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], Int64.max),
        ] as [([UInt8], Int64)])
    func integers(bytes: [UInt8], value: Int64) throws {
        var reader = ASN1Reader(bytes)
        #expect(try reader.nonNegativeInteger(reader.next()) == value)
    }

    @Test(arguments: [
        [UInt8]([0x02, 0x00]),
        [0x02, 0x01, 0x80],
        [0x02, 0x09, 0x00, 0x80, 0, 0, 0, 0, 0, 0, 0],
        [0x02, 0x09, 0x01, 0, 0, 0, 0, 0, 0, 0, 0],
    ])
    func badIntegersAreRejected(bytes: [UInt8]) throws {
        var reader = ASN1Reader(bytes)
        let element = try reader.next()
        #expect(throws: ASN1Error.self) { _ = try reader.nonNegativeInteger(element) }
    }

    @Test func objectIdentifiersMatchOnlyTheirOwnBytes() {
        #expect(OID.matches(OID.sha256[...], OID.sha256))
        #expect(OID.matches([0, 1] + OID.sha1 + [2], OID.sha1) == false)
        #expect(OID.matches(([0, 1] + OID.sha1)[2...], OID.sha1))
        // Same length, other bytes: rsaEncryption and sha256WithRSAEncryption differ in their last byte only.
        #expect(OID.matches(OID.rsaEncryption[...], OID.sha256WithRSAEncryption) == false)
        #expect(OID.matches(OID.sha256[...], OID.signedData) == false)
        #expect(OID.matches((OID.sha256 + [0x00])[...], OID.sha256) == false)
        #expect(OID.matches(OID.sha256.dropLast(), OID.sha256) == false)
        #expect(OID.matches([], []))
    }
}
