import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite(.timeLimit(.minutes(10))) struct PayloadDecoderTests {
    typealias DER = TestDER

    private static func date(_ text: String) throws -> Date {
        try #require(try RFC3339.parse(text))
    }

    /// An in-app purchase carrying every named field, an unknown one, and a nested type 17.
    private static func fullPurchase() -> [UInt8] {
        DER.set([
            DER.attribute(1702, DER.utf8("com.example.pro")),
            DER.attribute(1701, DER.integer(2)),
            DER.attribute(1703, DER.utf8("1000000637840752")),
            DER.attribute(1704, DER.ia5("2019-12-10T12:54:58Z")),
            DER.attribute(1705, DER.utf8("1000000603177571")),
            DER.attribute(1706, DER.ia5("2020-03-11T14:25:26+0300")),
            DER.attribute(1707, DER.integer(3)),
            DER.attribute(1708, DER.ia5("2019-12-10T12:59:58.500Z")),
            DER.attribute(1709, DER.utf8("")),
            DER.attribute(1711, DER.integer(1_000_000_048_877_195)),
            DER.attribute(1712, DER.ia5("2019-12-11T00:00:00Z")),
            DER.attribute(1713, DER.integer(1)),
            DER.attribute(1719, DER.integer(0)),
            DER.attribute(1721, DER.utf8("offer-1")),
            DER.attribute(17, DER.integer(7)),
        ])
    }

    /// A minimal purchase whose optional dates are present but empty, as Apple writes them.
    private static func sparsePurchase() -> [UInt8] {
        DER.set([
            DER.attribute(1701, DER.integer(1)),
            DER.attribute(1708, DER.ia5("")),
            DER.attribute(1712, DER.ia5("")),
            DER.attribute(1713, DER.integer(0)),
        ])
    }

    /// Attributes deliberately out of type order, with a repeated unknown type.
    static func fullPayload() -> [UInt8] {
        DER.set([
            DER.attribute(17, fullPurchase()),
            DER.attribute(2, DER.utf8("com.example.app")),
            DER.attribute(0, DER.utf8("ProductionSandbox")),
            DER.attribute(8, DER.ia5("first")),
            DER.attribute(1, DER.integer(1_234_567)),
            DER.attribute(3, DER.utf8("1.2.3")),
            DER.attribute(4, [0xF2, 0xBF, 0xF5, 0xFB]),
            DER.attribute(5, Array(repeating: 0xAB, count: 20)),
            DER.attribute(10, DER.ia5("4+")),
            DER.attribute(12, DER.ia5("2020-10-08T11:17:49Z")),
            DER.attribute(16, DER.integer(823_438_246)),
            DER.attribute(8, DER.ia5("second"), version: 2),
            DER.attribute(15, DER.integer(64_036_287_763_356)),
            DER.attribute(17, sparsePurchase()),
            DER.attribute(18, DER.ia5("2020-10-08T08:46:35.304Z")),
            DER.attribute(19, DER.utf8("1.0")),
            DER.attribute(21, DER.ia5("4001-01-01T00:00:00Z")),
            DER.attribute(25, DER.integer(3)),
        ])
    }

    static func fullReceipt() throws -> ParsedReceipt {
        ParsedReceipt(
            receiptType: "ProductionSandbox", appItemID: 1_234_567, bundleID: "com.example.app",
            bundleIDData: DER.utf8("com.example.app"), applicationVersion: "1.2.3",
            opaqueValue: [0xF2, 0xBF, 0xF5, 0xFB], sha1Hash: Array(repeating: 0xAB, count: 20), ageRating: "4+",
            receiptCreationDate: try date("2020-10-08T11:17:49Z"),
            inApp: [
                InAppPurchase(
                    quantity: 2, productID: "com.example.pro", transactionID: "1000000637840752",
                    purchaseDate: try date("2019-12-10T12:54:58Z"), originalTransactionID: "1000000603177571",
                    originalPurchaseDate: try date("2020-03-11T11:25:26Z"), productType: 3,
                    expiresDate: try date("2019-12-10T12:59:58.500Z"), webOrderLineItemID: 1_000_000_048_877_195,
                    cancellationDate: try date("2019-12-11T00:00:00Z"), isTrialPeriod: true,
                    isInIntroOfferPeriod: false, promotionalOfferID: "offer-1",
                    unknownAttributes: [1709: [DER.utf8("")], 17: [DER.integer(7)]]),
                InAppPurchase(quantity: 1, isTrialPeriod: false),
            ],
            originalPurchaseDate: try date("2020-10-08T08:46:35.304Z"), originalApplicationVersion: "1.0",
            expirationDate: try date("4001-01-01T00:00:00Z"), downloadID: 64_036_287_763_356,
            versionExternalIdentifier: 823_438_246,
            unknownAttributes: [8: [DER.ia5("first"), DER.ia5("second")], 25: [DER.integer(3)]])
    }

    /// Decodes and returns the error, failing the test when decoding succeeds.
    private func failure(
        _ payload: [UInt8], limits: PayloadDecoder.Limits = .init(), sourceLocation: SourceLocation = #_sourceLocation
    ) -> ASN1Error? {
        do {
            let receipt = try PayloadDecoder.decode(payload, limits: limits)
            Issue.record("decoded a payload that should fail: \(receipt)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Fields

    @Test func decodesEveryField() throws {
        let receipt = try PayloadDecoder.decode(Self.fullPayload())
        #expect(receipt == (try Self.fullReceipt()))
        #expect(receipt.environment == .sandbox)
    }

    @Test func decodesASliceWithOffsetsFromItsBuffer() throws {
        let buffer: [UInt8] = [0xEE, 0xEE] + Self.fullPayload() + [0xEE]
        let receipt = try PayloadDecoder.decode(buffer[2..<(buffer.count - 1)])
        #expect(receipt == (try Self.fullReceipt()))
        let error = failure(Array(buffer[2...]))
        #expect(error?.code == .trailingBytes)
    }

    @Test func emptySetIsAnEmptyReceipt() throws {
        let receipt = try PayloadDecoder.decode(DER.set([]))
        #expect(receipt == ParsedReceipt())
        #expect(receipt.environment == .unknown)
    }

    @Test(arguments: [
        ("Production", ReceiptEnvironment.production),
        ("ProductionVPP", .production),
        ("ProductionSandbox", .sandbox),
        ("ProductionVPPSandbox", .sandbox),
        ("Xcode", .xcode),
        ("production", .unknown),
        ("", .unknown),
    ])
    func environmentFollowsReceiptType(type: String, environment: ReceiptEnvironment) throws {
        let receipt = try PayloadDecoder.decode(DER.set([DER.attribute(0, DER.utf8(type))]))
        #expect(receipt.environment == environment)
        #expect(ParsedReceipt(receiptType: nil).environment == .unknown)
    }

    @Test func acceptsIndefiniteLengthSets() throws {
        let purchase: [UInt8] = [0x31, 0x80] + DER.attribute(1701, DER.integer(1)) + [0x00, 0x00]
        let payload: [UInt8] = [0x31, 0x80] + DER.attribute(17, purchase) + [0x00, 0x00]
        #expect(try PayloadDecoder.decode(payload).inApp == [InAppPurchase(quantity: 1)])
    }

    /// `tag` and `contents` with the length in `octets` long-form octets, as BER allows and DER does not.
    private static func longForm(_ tag: UInt8, _ contents: [UInt8], octets: Int) -> [UInt8] {
        let length = (0..<octets).reversed().map { UInt8(truncatingIfNeeded: contents.count >> (8 * $0)) }
        return [tag, 0x80 | UInt8(octets)] + length + contents
    }

    // Up to four length octets the common shapes are read by offsets, five go through the reader, and
    // either way every element, type and value reads the same; so do types with leading zero octets
    // (four read by offsets, five by the reader) and an empty version.
    @Test(arguments: [1, 2, 4, 5])
    func longFormLengthsReadAsShortOnes(octets: Int) throws {
        func tlv(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] { Self.longForm(tag, contents, octets: octets) }
        func attribute(_ type: [UInt8], _ value: [UInt8], version: [UInt8] = [1]) -> [UInt8] {
            tlv(0x30, tlv(0x02, type) + tlv(0x02, version) + tlv(0x04, value))
        }
        let purchase = tlv(
            0x31,
            attribute([0x06, 0xA5], tlv(0x02, [2]))
                + attribute([0x00, 0x00, 0x06, 0xA6], tlv(0x0C, Array("com.example.pro".utf8)), version: [])
                + attribute([0x00, 0x00, 0x00, 0x06, 0xA8], tlv(0x16, Array("2019-12-10T12:54:58Z".utf8)))
                + attribute([0x06, 0xAD], tlv(0x0C, [])))
        let bundle = tlv(0x0C, Array("com.example.app".utf8))
        let payload = tlv(
            0x31,
            attribute([0x11], purchase) + attribute([0x02], bundle, version: [0x00, 0x01])
                + attribute([0x00, 0x0C], tlv(0x16, Array("2020-10-08T11:17:49Z".utf8))))
        let expected = ParsedReceipt(
            bundleID: "com.example.app", bundleIDData: bundle,
            receiptCreationDate: try Self.date("2020-10-08T11:17:49Z"),
            inApp: [
                InAppPurchase(
                    quantity: 2, productID: "com.example.pro", purchaseDate: try Self.date("2019-12-10T12:54:58Z"),
                    unknownAttributes: [1709: [tlv(0x0C, [])]])
            ])
        #expect(try PayloadDecoder.decode(payload) == expected)
    }

    // A length that runs past its enclosing element, in the forms read by offsets and by the reader.
    @Test(arguments: [
        DER.set([[0x30, 0x84, 0x7F, 0xFF, 0xFF, 0xFF]]),
        DER.set([DER.tlv(0x30, DER.integer(2) + DER.integer(1) + [0x04, 0x84, 0x7F, 0xFF, 0xFF, 0xFF])]),
        DER.set([DER.attribute(2, [0x0C, 0x84, 0x7F, 0xFF, 0xFF, 0xFF])]),
        DER.set([DER.attribute(17, [0x31, 0x85, 0x00, 0x7F, 0xFF, 0xFF, 0xFF])]),
        DER.set([DER.attribute(17, [0x31, 0x7F] + DER.attribute(1701, DER.integer(1)))]),
    ])
    func overlongLengthsAreRejected(payload: [UInt8]) throws {
        #expect(failure(payload)?.code == .malformed)
    }

    /// The last attribute of a purchase claims to run on over the receipt's next attribute, which would
    /// then read as its value: refused, as the reader refuses an element longer than what holds it.
    @Test func anAttributeRunningPastItsSetIsRejected() throws {
        let next = DER.attribute(2, DER.utf8("com.example.app"))
        let overrun: [UInt8] = [0x30, UInt8(9 + next.count), 0x02, 0x02, 0x06, 0xAD, 0x02, 0x01, 0x01, 0x04]
        let purchase = DER.tlv(0x31, DER.attribute(1701, DER.integer(1)) + overrun + [UInt8(next.count)])
        let error = try #require(failure(DER.set([DER.attribute(17, purchase), next])))
        #expect(error.code == .malformed)
        #expect(error.inAppIndex == 0)
    }

    @Test func opaqueValueAndHashAreRawWhateverTheyHold() throws {
        // A 2010 receipt carries its opaque value as an INTEGER; neither field is parsed.
        let payload = DER.set([DER.attribute(4, DER.integer(12_345_678)), DER.attribute(5, [0xFF, 0x00, 0x80])])
        let receipt = try PayloadDecoder.decode(payload)
        #expect(receipt.opaqueValue == DER.integer(12_345_678))
        #expect(receipt.sha1Hash == [0xFF, 0x00, 0x80])
    }

    @Test func emptyDatesAreAbsent() throws {
        let payload = DER.set([DER.attribute(12, DER.ia5("")), DER.attribute(21, DER.utf8(""))])
        let receipt = try PayloadDecoder.decode(payload)
        #expect(receipt.receiptCreationDate == nil)
        #expect(receipt.expirationDate == nil)
    }

    @Test func typeSeventeenInsideAPurchaseIsAnUnknownAttribute() throws {
        let inner = DER.set([DER.attribute(1701, DER.integer(1))])
        let payload = DER.set([DER.attribute(17, DER.set([DER.attribute(17, inner)]))])
        let receipt = try PayloadDecoder.decode(payload)
        #expect(receipt.inApp == [InAppPurchase(unknownAttributes: [17: [inner]])])
    }

    // MARK: - Rejections

    @Test func duplicateReceiptFieldIsRejected() throws {
        let second = DER.attribute(2, DER.utf8("com.attacker.app"))
        let first = DER.attribute(2, DER.utf8("com.example.app"))
        let payload = DER.set([first, DER.attribute(3, DER.utf8("1")), second])
        let error = try #require(failure(payload))
        #expect(error.code == .duplicateField)
        #expect(error.attributeType == 2)
        #expect(error.inAppIndex == nil)
        #expect(error.offset == payload.count - second.count)
        #expect(error.message.contains("field 2 (bundle_id)"))
    }

    @Test func duplicateInAppFieldIsRejected() throws {
        let purchase = DER.set([
            DER.attribute(1703, DER.utf8("1")), DER.attribute(1701, DER.integer(1)), DER.attribute(1703, DER.utf8("2")),
        ])
        let payload = DER.set([DER.attribute(17, Self.sparsePurchase()), DER.attribute(17, purchase)])
        let error = try #require(failure(payload))
        #expect(error.code == .duplicateField)
        #expect(error.attributeType == 1703)
        #expect(error.inAppIndex == 1)
        #expect(error.description.contains("in-app purchase 1"))
        #expect(error.description.contains("field 1703 (transaction_id)"))
    }

    /// The download and version identifiers, once named, are held to one value each like every named field.
    @Test func duplicateVersionIdentifierIsRejected() throws {
        let payload = DER.set([DER.attribute(16, DER.integer(1)), DER.attribute(16, DER.integer(2))])
        let error = try #require(failure(payload))
        #expect(error.code == .duplicateField)
        #expect(error.message.contains("field 16 (version_external_identifier)"))
    }

    @Test func emptyDuplicateDateIsStillADuplicate() throws {
        let purchase = DER.set([DER.attribute(1708, DER.ia5("")), DER.attribute(1708, DER.ia5("2020-01-01T00:00:00Z"))])
        let error = try #require(failure(DER.set([DER.attribute(17, purchase)])))
        #expect(error.code == .duplicateField)
        #expect(error.attributeType == 1708)
    }

    @Test func wrongValueTypeIsRejectedNamingTheField() throws {
        let payload = DER.set([DER.attribute(19, DER.integer(1))])
        let error = try #require(failure(payload))
        #expect(error.code == .unexpectedValueType)
        #expect(error.attributeType == 19)
        #expect(error.message == "field 19 (original_application_version): expected a string, found tag 0x02")
    }

    @Test(
        arguments: [
            (Int64(2), DER.octets([0x41])),
            (1, DER.utf8("1")),
            (12, DER.integer(0)),
            (15, DER.utf8("1")),
            (16, DER.ia5("")),
            (17, DER.sequence([])),
            (17, DER.utf8("x")),
            (1701, DER.utf8("1")),
            (1702, DER.integer(1)),
            (1704, DER.octets([])),
            (1713, DER.utf8("true")),
        ] as [(Int64, [UInt8])])
    func wrongValueTypesAreRejected(type: Int64, value: [UInt8]) throws {
        let attribute = DER.attribute(type, value)
        let payload = type >= 1700 ? DER.set([DER.attribute(17, DER.set([attribute]))]) : DER.set([attribute])
        let error = try #require(failure(payload))
        #expect(error.code == .unexpectedValueType)
        #expect(error.attributeType == type)
    }

    @Test func invalidDateIsRejectedWithItsText() throws {
        let error = try #require(failure(DER.set([DER.attribute(12, DER.ia5("2020-02-30T00:00:00Z"))])))
        #expect(error.code == .invalidDate)
        #expect(error.attributeType == 12)
        #expect(error.message.contains("2020-02-30T00:00:00Z"))
    }

    @Test func flagsMustBeZeroOrOne() throws {
        let purchase = DER.set([DER.attribute(1719, DER.integer(2))])
        let error = try #require(failure(DER.set([DER.attribute(17, purchase)])))
        #expect(error.code == .invalidBoolean)
        #expect(error.attributeType == 1719)
        #expect(error.inAppIndex == 0)
    }

    @Test(arguments: [
        DER.set([DER.attribute(1, DER.integer(-1))]),
        DER.set([DER.attribute(1, DER.tlv(0x02, [0x01, 0, 0, 0, 0, 0, 0, 0, 0]))]),
        DER.set([DER.sequence([DER.integer(-2), DER.integer(1), DER.octets([])])]),
        DER.set([DER.attribute(17, DER.set([DER.attribute(1711, DER.integer(-5))]))]),
    ])
    func negativeOrOversizedIntegersAreRejected(payload: [UInt8]) throws {
        #expect(failure(payload)?.code == .invalidInteger)
    }

    @Test func invalidUTF8IsRejected() throws {
        let error = try #require(failure(DER.set([DER.attribute(2, DER.tlv(0x0C, [0x63, 0xC3, 0x28]))])))
        #expect(error.code == .invalidString)
        #expect(error.attributeType == 2)
    }

    /// Strings are checked for ASCII eight bytes at a time, then byte by byte: a byte beyond ASCII in
    /// either part sends the string through UTF-8 validation.
    @Test(arguments: [0, 3, 7, 8, 15, 16, 19])
    func invalidUTF8IsRejectedWhereverItLies(position: Int) throws {
        var text = Array("com.example.product".utf8) + [0x78]
        text[position] = 0xFF
        let receiptError = try #require(failure(DER.set([DER.attribute(2, DER.tlv(0x0C, text))])))
        #expect(receiptError.code == .invalidString)
        let purchase = DER.set([DER.attribute(1702, DER.tlv(0x0C, text))])
        let purchaseError = try #require(failure(DER.set([DER.attribute(17, purchase)])))
        #expect(purchaseError.code == .invalidString)
        #expect(purchaseError.inAppIndex == 0)
    }

    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 24, 40])
    func stringsOfEveryLengthReadAsTheirText(length: Int) throws {
        let ascii = String(repeating: "a", count: length)
        #expect(try PayloadDecoder.decode(DER.set([DER.attribute(2, DER.utf8(ascii))])).bundleID == ascii)
        let accented = String(repeating: "b", count: length / 2) + "\u{E9}" + String(repeating: "c", count: length)
        #expect(try PayloadDecoder.decode(DER.set([DER.attribute(2, DER.utf8(accented))])).bundleID == accented)
    }

    /// More purchases than the decoder makes room for at first, each decoded where it is kept: the same
    /// entries, in order, as reading each one again from the payload gives.
    @Test func purchasesDecodedInPlaceEqualThoseReadAgain() throws {
        var contents = DER.attribute(2, DER.utf8("com.example.app"))
        for index in 0..<19 {
            let purchase = DER.set([
                DER.attribute(1702, DER.utf8("com.example.product.\(index)")),
                DER.attribute(1701, DER.integer(Int64(index))),
                DER.attribute(1704, DER.ia5("2019-12-10T12:54:58Z")),
                DER.attribute([1709, 1710, 1714][index % 3], DER.utf8("x\(index)")),
            ])
            contents += DER.attribute(17, purchase)
        }
        let payload = DER.tlv(0x31, contents)
        let decoded = try PayloadDecoder.decode(payload)
        let readAgain = try PayloadDecoder.decode(payload, limits: .init(maximumDecodedPurchases: 2))
        #expect(decoded.inApp.count == 19)
        #expect(decoded.purchases.isDecoded)
        #expect(!readAgain.purchases.isDecoded)
        #expect(decoded.inApp == readAgain.inApp)
        #expect(decoded.inApp.map(\.productID) == (0..<19).map { "com.example.product.\($0)" })
        #expect(decoded.inApp.map(\.quantity) == (0..<19).map { Int64($0) })
        #expect(decoded.inApp[4].unknownAttributes == [1710: [DER.utf8("x4")]])
    }

    @Test func trailingBytesAreRejected() throws {
        #expect(failure(DER.set([]) + [0x00])?.code == .trailingBytes)
        #expect(failure(DER.set([DER.attribute(2, DER.utf8("a") + [0x05, 0x00])]))?.code == .trailingBytes)
        let purchase = DER.set([DER.attribute(1701, DER.integer(1))]) + [0x05, 0x00]
        #expect(failure(DER.set([DER.attribute(17, purchase)]))?.code == .trailingBytes)
        let fourFields = DER.sequence([DER.integer(2), DER.integer(1), DER.octets(DER.utf8("a")), DER.integer(0)])
        #expect(failure(DER.set([fourFields]))?.code == .trailingBytes)
    }

    @Test(arguments: [
        [UInt8](),
        DER.sequence([]),
        DER.set([DER.integer(1)]),
        DER.set([DER.sequence([DER.integer(2), DER.integer(1)])]),
        DER.set([DER.sequence([DER.integer(2), DER.octets([])])]),
        DER.set([DER.sequence([DER.integer(2), DER.integer(1), DER.utf8("a")])]),
        DER.set([DER.sequence([DER.integer(2), DER.integer(1), DER.tlv(0x24, DER.octets(DER.utf8("a")))])]),
        DER.set([DER.attribute(2, [])]),
        DER.set([DER.attribute(17, [])]),
        // Indefinite lengths on primitive elements: never valid, not even as empty contents.
        DER.set([DER.tlv(0x30, DER.integer(2) + DER.integer(1) + [0x04, 0x80])]),
        DER.set([DER.attribute(2, [0x0C, 0x80])]),
    ])
    func malformedStructureIsRejected(payload: [UInt8]) throws {
        #expect(failure(payload)?.code == .malformed)
    }

    @Test func everyPrefixFailsCleanly() {
        let payload = Self.fullPayload()
        for length in 0..<payload.count {
            #expect(throws: ASN1Error.self, "prefix of \(length) bytes") {
                _ = try PayloadDecoder.decode(payload[0..<length])
            }
        }
    }

    @Test func corruptedBytesNeverCrash() {
        let payload = Self.fullPayload()
        var decoded = 0
        for index in payload.indices {
            for replacement in [payload[index] ^ 0xFF, 0x80, 0x00] {
                var corrupted = payload
                corrupted[index] = replacement
                if (try? PayloadDecoder.decode(corrupted)) != nil {
                    decoded += 1
                }
            }
        }
        // Some corruptions only change a value; what matters is that none trapped.
        #expect(decoded < payload.count * 3)
    }

    // MARK: - Limits

    @Test func attributesPerSetAreLimited() throws {
        let limits = PayloadDecoder.Limits(maximumAttributesPerSet: 3)
        let three = Array(repeating: DER.attribute(8, DER.ia5("")), count: 3)
        #expect(try PayloadDecoder.decode(DER.set(three), limits: limits).unknownAttributes[8]?.count == 3)
        let error = try #require(failure(DER.set(three + [DER.attribute(8, DER.ia5(""))]), limits: limits))
        #expect(error.code == .tooManyAttributes)

        let purchase = DER.set(Array(repeating: DER.attribute(1709, DER.utf8("")), count: 4))
        let inAppError = try #require(failure(DER.set([DER.attribute(17, purchase)]), limits: limits))
        #expect(inAppError.code == .tooManyAttributes)
        #expect(inAppError.inAppIndex == 0)
    }

    @Test func defaultAttributesPerSetLimitIsEnforced() throws {
        let count = PayloadDecoder.Limits.defaultMaximumAttributesPerSet + 1
        let attribute = DER.attribute(8, [])
        var contents: [UInt8] = []
        contents.reserveCapacity(count * attribute.count)
        for _ in 0..<count {
            contents += attribute
        }
        #expect(failure(DER.tlv(0x31, contents))?.code == .tooManyAttributes)
    }

    @Test func totalAttributesAreLimited() throws {
        // Each purchase counts three: its own attribute and the two inside it.
        let limits = PayloadDecoder.Limits(maximumTotalAttributes: 6)
        let purchase = DER.set([DER.attribute(1701, DER.integer(1)), DER.attribute(1709, DER.utf8(""))])
        let seven = DER.set([DER.attribute(17, purchase), DER.attribute(2, DER.utf8("a")), DER.attribute(17, purchase)])
        let error = try #require(failure(seven, limits: limits))
        #expect(error.code == .tooManyAttributesInTotal)
        #expect(error.inAppIndex == 1)
        let four = DER.set([DER.attribute(17, purchase), DER.attribute(17, purchase)])
        #expect(try PayloadDecoder.decode(four, limits: limits).inApp.count == 2)
    }

    @Test func stringLengthIsLimited() throws {
        let limits = PayloadDecoder.Limits(maximumStringLength: 4)
        #expect(
            try PayloadDecoder.decode(DER.set([DER.attribute(2, DER.utf8("abcd"))]), limits: limits).bundleID == "abcd")
        let error = try #require(failure(DER.set([DER.attribute(2, DER.utf8("abcde"))]), limits: limits))
        #expect(error.code == .stringTooLong)
        #expect(error.attributeType == 2)
        let dateError = try #require(
            failure(DER.set([DER.attribute(12, DER.ia5("2020-01-01T00:00:00Z"))]), limits: limits))
        #expect(dateError.code == .stringTooLong)
        let long = String(repeating: "x", count: PayloadDecoder.Limits.defaultMaximumStringLength + 1)
        #expect(failure(DER.set([DER.attribute(3, DER.utf8(long))]))?.code == .stringTooLong)
    }

    // MARK: - Errors and scale

    @Test func errorsCompareByCodeTypeIndexAndOffset() {
        let error = ASN1Error(.duplicateField, at: 10, "one message").inPayload(type: 2)
        #expect(error == ASN1Error(.duplicateField, at: 10, "another message").inPayload(type: 2))
        #expect(error != ASN1Error(.duplicateField, at: 11, "one message").inPayload(type: 2))
        #expect(error != ASN1Error(.duplicateField, at: 10, "one message").inPayload(type: 3))
        #expect(error != ASN1Error(.duplicateField, at: 10, "one message").inPayload(type: 2, inAppIndex: 0))
        #expect(error.description == "receipt payload: attribute type 2: one message (duplicateField, at byte 10)")
    }

    /// The reader's error, placed in the payload, takes the payload's code and wording; placed again (by an
    /// outer step), it keeps the innermost place.
    @Test func aReaderErrorIsPlacedInThePayloadOnce() {
        let error = ASN1Error(.truncated, at: 4, "the data ends")
        #expect(error.description == "the data ends (at byte 4)")
        let placed = error.inPayload(type: 1701, name: "quantity", inAppIndex: 0)
        #expect(placed.code == .malformed)
        #expect(placed.inPayload(type: 17, inAppIndex: 1) == placed)
        #expect(
            placed.inPayload().description
                == "receipt payload: in-app purchase 0: field 1701 (quantity): the data ends (malformed, at byte 4)")
    }

    @Test func tenThousandPurchasesDecode() throws {
        let purchase = DER.attribute(17, Self.fullPurchase())
        let count = 10_000
        var contents: [UInt8] = []
        contents.reserveCapacity(count * purchase.count + 64)
        contents += DER.attribute(2, DER.utf8("com.example.app"))
        for _ in 0..<count {
            contents += purchase
        }
        let payload = DER.tlv(0x31, contents)
        // Speed is measured by `make bench`, not here; this holds the result at scale.
        let receipt = try PayloadDecoder.decode(payload)
        #expect(receipt.inApp.count == count)
        #expect(receipt.inApp.last == (try Self.fullReceipt()).inApp.first)
    }
}
