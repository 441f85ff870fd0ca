import Testing

@testable import ReceiptKit

/// Undocumented attributes are kept as ranges of the payload; read back, they are exactly what the
/// dictionary form held: values grouped by type in input order, empty values included.
@Suite struct UndocumentedAttributesTests {
    typealias DER = TestDER

    static let dictionary: [Int64: [[UInt8]]] = [5: [[], [1], []], 17: [[2, 3]], 2: [[4]], 1709: [[]]]

    @Test func theDictionaryFormRoundTrips() {
        let attributes = UndocumentedAttributes(Self.dictionary)
        #expect(attributes.dictionary == Self.dictionary)
        #expect(attributes.count == 6)
        #expect(!attributes.isEmpty)
        #expect(UndocumentedAttributes().isEmpty)
        #expect(UndocumentedAttributes([:]).isEmpty)
        #expect(attributes.values(of: 5).map(Array.init) == [[], [1], []])
        #expect(attributes.values(of: 99).isEmpty)
    }

    /// Values on both sides of the writer's path for short ones come out as the same lowercase hex.
    @Test func valuesOfEveryLengthAreWrittenAsHex() {
        let digits = Array("0123456789abcdef".utf8)
        for length in 0...20 {
            let value = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 0xF0) }
            var writer = CompactJSONWriter()
            writer.hex(value[...])
            let quote = UInt8(ascii: "\"")
            let expected = [quote] + value.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] } + [quote]
            #expect(writer.out == expected, "length \(length)")
        }
    }

    @Test func sortingKeepsInputOrderWithinATypeEmptyValuesIncluded() {
        let attributes = UndocumentedAttributes(Self.dictionary)
        let sorted = attributes.sorted(byKey: DecimalOrder.init).map(\.entry)
        // As strings, as JSONEncoder sorts the keys: "17" < "1709" < "2" < "5".
        #expect(sorted.map(\.type) == [17, 1709, 2, 5, 5, 5])
        #expect(sorted.map { Array(attributes[$0]) } == [[2, 3], [], [4], [], [1], []])
        #expect(attributes.sorted(byKey: { $0 }).map(\.entry.type) == [2, 5, 5, 5, 17, 1709])
    }

    /// Decoded from a payload or built from a dictionary, equal contents compare equal; each
    /// purchase reads its own attributes from the one buffer the decoder fills for all of them.
    @Test func decodedAttributesReadBackByReceiptAndPurchase() throws {
        let purchase = DER.set([
            DER.attribute(1701, DER.integer(1)), DER.attribute(1709, DER.utf8("")), DER.attribute(1710, DER.integer(7)),
        ])
        let other = DER.set([DER.attribute(1710, DER.integer(8))])
        let payload = DER.set([
            DER.attribute(2, DER.utf8("com.example.app")), DER.attribute(17, purchase),
            DER.attribute(9, DER.integer(3)),
            DER.attribute(17, DER.set([DER.attribute(1701, DER.integer(2))])), DER.attribute(17, other),
        ])
        let receipt = try PayloadDecoder.decode(payload)
        #expect(receipt.undocumented == UndocumentedAttributes([9: [DER.integer(3)]]))
        #expect(receipt.undocumented != UndocumentedAttributes([9: [DER.integer(4)]]))
        #expect(receipt.unknownAttributes == [9: [DER.integer(3)]])
        #expect(
            receipt.inApp.map(\.unknownAttributes) == [
                [1709: [DER.utf8("")], 1710: [DER.integer(7)]], [:], [1710: [DER.integer(8)]],
            ])
    }
}
