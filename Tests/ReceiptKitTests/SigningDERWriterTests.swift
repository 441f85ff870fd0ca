import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

@Suite(.timeLimit(.minutes(10))) struct SigningDERWriterTests {
    static let integers: [(Int64, [UInt8])] = [
        (0, [0x02, 0x01, 0x00]),
        (1, [0x02, 0x01, 0x01]),
        (127, [0x02, 0x01, 0x7F]),
        (128, [0x02, 0x02, 0x00, 0x80]),
        (255, [0x02, 0x02, 0x00, 0xFF]),
        (256, [0x02, 0x02, 0x01, 0x00]),
        (32_767, [0x02, 0x02, 0x7F, 0xFF]),
        (32_768, [0x02, 0x03, 0x00, 0x80, 0x00]),
        (1_000_000_000_000, [0x02, 0x06, 0x00, 0xE8, 0xD4, 0xA5, 0x10, 0x00]),
        (Int64.max, [0x02, 0x08, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
        (-1, [0x02, 0x01, 0xFF]),
        (-128, [0x02, 0x01, 0x80]),
        (-129, [0x02, 0x02, 0xFF, 0x7F]),
        (Int64.min, [0x02, 0x08, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]),
    ]

    static let lengths: [(Int, [UInt8])] = [
        (0, [0x00]),
        (127, [0x7F]),
        (128, [0x81, 0x80]),
        (255, [0x81, 0xFF]),
        (256, [0x82, 0x01, 0x00]),
        (65_535, [0x82, 0xFF, 0xFF]),
        (65_536, [0x83, 0x01, 0x00, 0x00]),
    ]

    @Test(arguments: integers)
    func integersAreMinimalTwosComplement(value: Int64, expected: [UInt8]) {
        var writer = DERWriter()
        writer.writeInteger(value)
        #expect(writer.bytes == expected)
    }

    @Test(arguments: lengths)
    func lengthsUseTheShortestForm(count: Int, expected: [UInt8]) {
        #expect(DERWriter.length(count) == expected)
    }

    @Test func longContentsGetALongFormHeader() {
        var writer = DERWriter()
        writer.writeOctetString([UInt8](repeating: 0xAB, count: 200))
        #expect(Array(writer.bytes.prefix(3)) == [0x04, 0x81, 0xC8])
        #expect(writer.bytes.count == 203)
    }

    @Test func stringsCarryTheirTagsAndUTF8Bytes() throws {
        var writer = DERWriter()
        writer.writeUTF8String("é1")
        try writer.writeIA5String("2024-05-01T12:00:00Z")
        writer.writeNull()
        writer.writeBoolean(true)
        let expected: [UInt8] =
            [0x0C, 0x03, 0xC3, 0xA9, 0x31, 0x16, 0x14] + Array("2024-05-01T12:00:00Z".utf8) + [
                0x05, 0x00, 0x01, 0x01, 0xFF,
            ]
        #expect(writer.bytes == expected)
    }

    @Test func ia5StringRefusesNonASCII() {
        var writer = DERWriter()
        #expect(throws: DERWriter.EncodingError.notIA5("café")) { try writer.writeIA5String("café") }
        #expect(writer.bytes.isEmpty)
    }

    @Test func nestedBuildersWrapTheirContents() {
        var writer = DERWriter()
        writer.writeSequence { sequence in
            sequence.writeInteger(2)
            sequence.writeInteger(1)
            sequence.writeSet { set in
                set.writeOctetString([0x0C, 0x01, 0x61])
            }
        }
        #expect(
            writer.bytes == [0x30, 0x0D, 0x02, 0x01, 0x02, 0x02, 0x01, 0x01, 0x31, 0x05, 0x04, 0x03, 0x0C, 0x01, 0x61])
    }

    @Test func setKeepsWrittenOrderUnlessAskedToSort() {
        var kept = DERWriter()
        kept.writeSet { set in
            set.writeInteger(5)
            set.writeInteger(1)
        }
        #expect(kept.bytes == [0x31, 0x06, 0x02, 0x01, 0x05, 0x02, 0x01, 0x01])
        var sorted = DERWriter()
        sorted.writeSet(sortingElements: true) { set in
            set.writeInteger(5)
            set.writeInteger(1)
        }
        #expect(sorted.bytes == [0x31, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x05])
    }

    @Test func outputReadsBackWithTheReader() throws {
        var writer = DERWriter()
        writer.writeSequence { sequence in
            sequence.writeInteger(1_234_567)
            sequence.writeOctetString([UInt8](repeating: 7, count: 300))
        }
        var reader = ASN1Reader(writer.bytes)
        let sequence = try reader.read(ASN1Tag.sequence, "sequence")
        try reader.expectEnd("sequence")
        var children = try reader.children(of: sequence)
        #expect(try reader.nonNegativeInteger(children.read(ASN1Tag.integer, "integer")) == 1_234_567)
        #expect(try children.read(ASN1Tag.octetString, "octets").contents.count == 300)
        try children.expectEnd("children")
    }
}
