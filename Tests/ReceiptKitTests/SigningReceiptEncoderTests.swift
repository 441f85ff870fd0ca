import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite(.timeLimit(.minutes(10))) struct SigningReceiptEncoderTests {
    @Test func smallReceiptEncodesToKnownBytes() throws {
        let receipt = ParsedReceipt(appItemID: 0, bundleID: "a")
        let expected: [UInt8] = [
            0x31, 0x1A,
            0x30, 0x0B, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01, 0x04, 0x03, 0x02, 0x01, 0x00,
            0x30, 0x0B, 0x02, 0x01, 0x02, 0x02, 0x01, 0x01, 0x04, 0x03, 0x0C, 0x01, 0x61,
        ]
        #expect(try ReceiptEncoder.encode(receipt) == expected)
    }

    @Test func purchasesNestASetAndDatesAreIA5Strings() throws {
        let date = try #require(try RFC3339.parse("2024-05-01T12:00:00Z"))
        let purchase = InAppPurchase(quantity: 1, purchaseDate: date, isTrialPeriod: true)
        let set = try ReceiptEncoder.encode(purchase)
        let dateTLV: [UInt8] = [0x16, 0x14] + Array("2024-05-01T12:00:00Z".utf8)
        let expected: [UInt8] =
            [0x31, 0x3D]
            + [0x30, 0x0C, 0x02, 0x02, 0x06, 0xA5, 0x02, 0x01, 0x01, 0x04, 0x03, 0x02, 0x01, 0x01]
            + [0x30, 0x1F, 0x02, 0x02, 0x06, 0xA8, 0x02, 0x01, 0x01, 0x04, 0x16] + dateTLV
            + [0x30, 0x0C, 0x02, 0x02, 0x06, 0xB1, 0x02, 0x01, 0x01, 0x04, 0x03, 0x02, 0x01, 0x01]
        #expect(set == expected)
        let receipt = ParsedReceipt(inApp: [purchase])
        let payload = try ReceiptEncoder.encode(receipt)
        // SET { SEQUENCE { INTEGER 17, INTEGER 1, OCTET STRING { <the purchase SET> } } }
        #expect(Array(payload.suffix(set.count)) == set)
        #expect(Array(payload[4...7]) == [0x02, 0x01, 0x11, 0x02])
    }

    @Test func attributesComeOutInAscendingTypeOrder() throws {
        let receipt = ParsedReceipt(
            receiptType: "Production", bundleID: "b", applicationVersion: "1", opaqueValue: [1], sha1Hash: [2],
            originalApplicationVersion: "9", unknownAttributes: [25: [[0x05, 0x00]], 8: [[0x0C, 0x00]], 3: [[0x01]]])
        let decodedTypes = try types(ReceiptEncoder.encode(receipt))
        #expect(decodedTypes == [0, 2, 3, 3, 4, 5, 8, 19, 25])
    }

    @Test func bundleIDDataIsUsedVerbatimWhenConsistent() throws {
        // A long-form length is legal BER and must survive untouched: the device hash covers it.
        let verbatim: [UInt8] = [0x0C, 0x81, 0x01, 0x78]
        let receipt = ParsedReceipt(bundleID: "x", bundleIDData: verbatim)
        #expect(try ReceiptEncoder.bundleIDValue(receipt) == verbatim)
        let inconsistent = ParsedReceipt(bundleID: "y", bundleIDData: verbatim)
        #expect(throws: ReceiptEncodingError.self) { try ReceiptEncoder.encode(inconsistent) }
        #expect(try ReceiptEncoder.bundleIDValue(ParsedReceipt(bundleID: "x")) == [0x0C, 0x01, 0x78])
    }

    @Test func randomReceiptsSurviveEncodeThenDecode() throws {
        var generator = SeededGenerator(seed: 0x5EED_CAFE)
        for _ in 0..<200 {
            let receipt = randomReceipt(&generator)
            let payload = try ReceiptEncoder.encode(receipt)
            let decoded = try PayloadDecoder.decode(payload)
            #expect(decoded == receipt)
            if decoded != receipt {
                break
            }
        }
    }

    /// The make-receipt round trip: a random spec, as JSON, is signed (DER and BER, SHA-1 and
    /// SHA-256 in turn), verified against the test root, and decodes to the same spec.
    @Test func randomSpecsSurviveSigningVerificationAndDecoding() throws {
        let pki = try SharedPKI.get()
        let root = try Certificate(derOrPEM: pki.root.certificatePEM)
        var options = ValidationOptions()
        // Inside the test PKI's window whatever the random creation dates, and not the day the test runs.
        options.time = .fixed(Date(timeIntervalSince1970: 1_714_564_800))
        let validator = try ReceiptValidator(policy: .custom(roots: [root]), options: options)
        let encoder = JSONEncoder()
        var generator = SeededGenerator(seed: 0x0005_1E2E_7019)
        var verified = 0
        for round in 0..<120 {
            let original = randomReceipt(&generator)
            let spec = try JSONDecoder().decode(ParsedReceipt.self, from: encoder.encode(original))
            #expect(spec == original)
            var signing = ReceiptSigner.Options()
            signing.digest = round % 2 == 0 ? .sha256 : .sha1
            signing.encoding = round % 3 == 0 ? .ber : .der
            let signed = try ReceiptSigner.sign(ReceiptEncoder.encode(spec), pki: pki, options: signing)
            let report = validator.validate(signed, input: "round \(round)")
            #expect(report.status == .valid, "round \(round): \(report.message ?? "")")
            #expect(report.receipt == spec, "round \(round)")
            verified += report.status == .valid && report.receipt == spec ? 1 : 0
        }
        #expect(verified == 120)
    }

    // MARK: - Helpers

    private func types(_ payload: [UInt8]) throws -> [Int64] {
        var reader = ASN1Reader(payload)
        var attributes = try reader.children(of: reader.read(ASN1Tag.set, "payload"))
        var types: [Int64] = []
        while !attributes.isAtEnd {
            var fields = try reader.children(of: attributes.read(ASN1Tag.sequence, "attribute"))
            types.append(try reader.nonNegativeInteger(fields.read(ASN1Tag.integer, "type")))
        }
        return types
    }

    private func randomReceipt(_ g: inout SeededGenerator) -> ParsedReceipt {
        var receipt = ParsedReceipt()
        receipt.receiptType = maybe(&g) { randomString(&$0) }
        receipt.appItemID = maybe(&g) { randomInteger(&$0) }
        receipt.bundleID = maybe(&g) { randomString(&$0) }
        receipt.bundleIDData = receipt.bundleID.map { bundle in
            var writer = DERWriter()
            writer.writeUTF8String(bundle)
            return writer.bytes
        }
        receipt.applicationVersion = maybe(&g) { randomString(&$0) }
        receipt.opaqueValue = maybe(&g) { randomBytes(&$0) }
        receipt.sha1Hash = maybe(&g) { randomBytes(&$0) }
        receipt.ageRating = maybe(&g) { randomString(&$0) }
        receipt.receiptCreationDate = maybe(&g) { randomDate(&$0) }
        receipt.inApp = (0..<Int.random(in: 0...3, using: &g)).map { _ in randomPurchase(&g) }
        receipt.originalPurchaseDate = maybe(&g) { randomDate(&$0) }
        receipt.originalApplicationVersion = maybe(&g) { randomString(&$0) }
        receipt.expirationDate = maybe(&g) { randomDate(&$0) }
        receipt.downloadID = maybe(&g) { randomInteger(&$0) }
        receipt.versionExternalIdentifier = maybe(&g) { randomInteger(&$0) }
        for type in [Int64(6), 8, 13, 20, 25] where Bool.random(using: &g) {
            receipt.unknownAttributes[type] = (0..<Int.random(in: 1...2, using: &g)).map { _ in randomBytes(&g) }
        }
        return receipt
    }

    private func randomPurchase(_ g: inout SeededGenerator) -> InAppPurchase {
        var purchase = InAppPurchase()
        purchase.quantity = maybe(&g) { randomInteger(&$0) }
        purchase.productID = maybe(&g) { randomString(&$0) }
        purchase.transactionID = maybe(&g) { randomString(&$0) }
        purchase.purchaseDate = maybe(&g) { randomDate(&$0) }
        purchase.originalTransactionID = maybe(&g) { randomString(&$0) }
        purchase.originalPurchaseDate = maybe(&g) { randomDate(&$0) }
        purchase.productType = maybe(&g) { randomInteger(&$0) }
        purchase.expiresDate = maybe(&g) { randomDate(&$0) }
        purchase.webOrderLineItemID = maybe(&g) { randomInteger(&$0) }
        purchase.cancellationDate = maybe(&g) { randomDate(&$0) }
        purchase.isTrialPeriod = maybe(&g) { Bool.random(using: &$0) }
        purchase.isInIntroOfferPeriod = maybe(&g) { Bool.random(using: &$0) }
        purchase.promotionalOfferID = maybe(&g) { randomString(&$0) }
        for type in [Int64(1709), 1710, 1722] where Bool.random(using: &g) {
            purchase.unknownAttributes[type] = [randomBytes(&g)]
        }
        return purchase
    }

    private func maybe<T>(_ g: inout SeededGenerator, _ make: (inout SeededGenerator) -> T) -> T? {
        Bool.random(using: &g) ? make(&g) : nil
    }

    private func randomInteger(_ g: inout SeededGenerator) -> Int64 {
        // Small, boundary and huge values: the interesting encodings are at the octet edges.
        [0, 1, 127, 128, 255, 256, Int64.max, Int64.random(in: 0...Int64.max, using: &g)].randomElement(using: &g) ?? 0
    }

    private func randomString(_ g: inout SeededGenerator) -> String {
        let alphabet = Array("abcXYZ019.-_ éü€😀")
        return String((0..<Int.random(in: 0...40, using: &g)).compactMap { _ in alphabet.randomElement(using: &g) })
    }

    private func randomBytes(_ g: inout SeededGenerator) -> [UInt8] {
        (0..<Int.random(in: 0...300, using: &g)).map { _ in UInt8.random(in: 0...255, using: &g) }
    }

    private func randomDate(_ g: inout SeededGenerator) -> Date {
        // Whole milliseconds between 1970 and 2100, built the way RFC3339.parse builds them:
        // the model keeps dates to the millisecond, and Date equality is exact.
        let milliseconds = Int64.random(in: 0...4_102_444_800_000, using: &g)
        return Date(timeIntervalSinceReferenceDate: Double(milliseconds - 978_307_200_000) / 1000)
    }
}
