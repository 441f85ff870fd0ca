import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite(.timeLimit(.minutes(10))) struct CorpusDecodeTests {
    typealias Manifest = TestCorpus.Manifest

    @Test func everyReceiptDecodesToItsExpectedValues() throws {
        guard let manifest = TestCorpus.manifest() else { return }
        var exact = 0
        for entry in manifest.receipts {
            var mismatches: [String]
            do {
                let payload = try TestPayloadExtraction.payload(fromPKCS7: TestCorpus.bytes(of: entry))
                mismatches = Self.mismatches(try PayloadDecoder.decode(payload), entry.expected)
            } catch {
                mismatches = ["does not decode: \(error)"]
            }
            if mismatches.isEmpty {
                exact += 1
            }
            for mismatch in mismatches {
                Issue.record("\(entry.file): \(mismatch)")
            }
        }
        print("corpus: \(exact) of \(manifest.receipts.count) receipts decoded exactly")
        #expect(!manifest.receipts.isEmpty)
        #expect(exact == manifest.receipts.count)
    }

    @Test func everyReceiptRoundTripsThroughJSON() throws {
        guard let manifest = TestCorpus.manifest() else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for entry in manifest.receipts {
            let payload = try TestPayloadExtraction.payload(fromPKCS7: TestCorpus.bytes(of: entry))
            let receipt = try PayloadDecoder.decode(payload)
            let json = try encoder.encode(receipt)
            let decoded = try JSONDecoder().decode(ParsedReceipt.self, from: json)
            #expect(decoded == receipt, "\(entry.file)")
            #expect(try encoder.encode(decoded) == json, "\(entry.file)")
        }
    }

    // MARK: - Comparison

    private static func mismatches(_ receipt: ParsedReceipt, _ expected: Manifest.Expected) -> [String] {
        var found: [String] = []
        func check<Value: Equatable>(_ name: String, _ actual: Value, _ wanted: Value) {
            if actual != wanted {
                found.append("\(name): decoded \(String(describing: actual)), expected \(String(describing: wanted))")
            }
        }
        func checkDate(_ name: String, _ actual: Date?, _ epoch: Double?) {
            if !Self.date(actual, matches: epoch) {
                found.append(
                    "\(name): decoded \(String(describing: actual)), expected epoch \(String(describing: epoch))")
            }
        }

        check("receipt_type", receipt.receiptType, expected.receiptType)
        check("environment", receipt.environment.rawValue, expected.kindFromReceiptType)
        check("app_item_id", receipt.appItemID, expected.appItemId)
        check("bundle_id", receipt.bundleID, expected.bundleId)
        check("bundle_id_der_hex", receipt.bundleIDData.map(HexBytes.encode), expected.bundleIdDerHex)
        check("app_version", receipt.applicationVersion, expected.appVersion)
        check("original_app_version", receipt.originalApplicationVersion, expected.originalAppVersion)
        check("age_rating", receipt.ageRating, expected.ageRating)
        check("opaque_hex", receipt.opaqueValue.map(HexBytes.encode), expected.opaqueHex)
        check("hash_hex", receipt.sha1Hash.map(HexBytes.encode), expected.hashHex)
        checkDate("creation_date", receipt.receiptCreationDate, expected.creationDateEpoch)
        checkDate("expiration_date", receipt.expirationDate, expected.expirationDateEpoch)
        checkDate("original_purchase_date", receipt.originalPurchaseDate, expected.originalPurchaseDateEpoch)
        for type: Int64 in [0, 1, 2, 3, 4, 5, 10, 19] {
            let decoded: Bool
            switch type {
            case 0: decoded = receipt.receiptType != nil
            case 1: decoded = receipt.appItemID != nil
            case 2: decoded = receipt.bundleID != nil
            case 3: decoded = receipt.applicationVersion != nil
            case 4: decoded = receipt.opaqueValue != nil
            case 5: decoded = receipt.sha1Hash != nil
            case 10: decoded = receipt.ageRating != nil
            default: decoded = receipt.originalApplicationVersion != nil
            }
            check("type \(type) present", decoded, expected.typesPresent.contains(type))
        }

        found += unknownMismatches(
            receipt.unknownAttributes, present: expected.typesPresent, undocumented: expected.undocumentedTypes,
            duplicated: expected.duplicateTypes, known: ParsedReceipt.attributeFields.knownTypes, scope: "receipt")
        for (key, value) in expected.undocumentedValues {
            switch Int64(key) {
            case 1: check("undocumented 1", receipt.appItemID.map(Manifest.Scalar.integer), value.value)
            case 10: check("undocumented 10", receipt.ageRating.map(Manifest.Scalar.text), value.value)
            case 15: check("undocumented 15", receipt.downloadID.map(Manifest.Scalar.integer), value.value)
            case 16:
                check("undocumented 16", receipt.versionExternalIdentifier.map(Manifest.Scalar.integer), value.value)
            case let type?:
                let raw = receipt.unknownAttributes[type]?.first
                if !Self.raw(raw, matches: value) {
                    found.append("undocumented \(type): decoded \(String(describing: raw)), expected \(value)")
                }
            case nil: found.append("undocumented key \(key) is not a number")
            }
        }

        check("in_app_count", receipt.inApp.count, expected.inAppCount)
        for (index, (purchase, wanted)) in zip(receipt.inApp, expected.inApp).enumerated() {
            found += purchaseMismatches(purchase, wanted).map { "in_app[\(index)] \($0)" }
        }
        return found
    }

    private static func purchaseMismatches(_ purchase: InAppPurchase, _ expected: Manifest.InApp) -> [String] {
        var found: [String] = []
        func check<Value: Equatable>(_ name: String, _ actual: Value, _ wanted: Value) {
            if actual != wanted {
                found.append("\(name): decoded \(String(describing: actual)), expected \(String(describing: wanted))")
            }
        }
        func checkDate(_ name: String, _ actual: Date?, _ text: String?, _ epoch: Double?) {
            // The corpus gives "" with a nil epoch for Apple's present-but-empty dates.
            if text != nil && text != "" && epoch == nil {
                found.append("\(name): the manifest has text \(String(describing: text)) but no epoch")
            }
            if !Self.date(actual, matches: epoch) {
                found.append(
                    "\(name): decoded \(String(describing: actual)), expected epoch \(String(describing: epoch))")
            }
        }

        check("quantity", purchase.quantity, expected.quantity)
        check("product_id", purchase.productID, expected.productId)
        check("transaction_id", purchase.transactionID, expected.transactionId)
        check("original_transaction_id", purchase.originalTransactionID, expected.originalTransactionId)
        check("web_order_line_item_id", purchase.webOrderLineItemID, expected.webOrderLineItemId)
        check("is_in_intro_offer_period", purchase.isInIntroOfferPeriod, expected.isInIntroOfferPeriod.map { $0 == 1 })
        checkDate("purchase_date", purchase.purchaseDate, expected.purchaseDate, expected.purchaseDateEpoch)
        checkDate(
            "original_purchase_date", purchase.originalPurchaseDate, expected.originalPurchaseDate,
            expected.originalPurchaseDateEpoch)
        checkDate("expires_date", purchase.expiresDate, expected.expiresDate, expected.expiresDateEpoch)
        checkDate(
            "cancellation_date", purchase.cancellationDate, expected.cancellationDate, expected.cancellationDateEpoch)
        check("type 1707 present", purchase.productType != nil, expected.typesPresent.contains(1707))
        check("type 1713 present", purchase.isTrialPeriod != nil, expected.typesPresent.contains(1713))
        check("type 1719 present", purchase.isInIntroOfferPeriod != nil, expected.typesPresent.contains(1719))
        check("type 1721 present", purchase.promotionalOfferID != nil, expected.typesPresent.contains(1721))

        found += unknownMismatches(
            purchase.unknownAttributes, present: expected.typesPresent, undocumented: expected.undocumentedTypes,
            duplicated: [], known: InAppPurchase.attributeFields.knownTypes, scope: "in-app")
        for (key, value) in expected.undocumentedValues {
            switch Int64(key) {
            case 1707: check("undocumented 1707", purchase.productType.map(Manifest.Scalar.integer), value.value)
            case 1713:
                check(
                    "undocumented 1713", purchase.isTrialPeriod.map { Manifest.Scalar.integer($0 ? 1 : 0) }, value.value
                )
            case 1721: check("undocumented 1721", purchase.promotionalOfferID.map(Manifest.Scalar.text), value.value)
            case let type?:
                let raw = purchase.unknownAttributes[type]?.first
                if !Self.raw(raw, matches: value) {
                    found.append("undocumented \(type): decoded \(String(describing: raw)), expected \(value)")
                }
            case nil: found.append("undocumented key \(key) is not a number")
            }
        }
        return found
    }

    /// Unknown attributes must be exactly the present types without a named field, once each
    /// unless the manifest lists the type as duplicated.
    private static func unknownMismatches(
        _ unknown: [Int64: [[UInt8]]], present: [Int64], undocumented: [Int64], duplicated: [Int64],
        known: Set<Int64>, scope: String
    ) -> [String] {
        var found: [String] = []
        let keys = Set(unknown.keys)
        if keys != Set(present).subtracting(known) {
            found.append(
                "\(scope) unknown types \(keys.sorted()), present without a field \(Set(present).subtracting(known).sorted())"
            )
        }
        if keys != Set(undocumented).subtracting(known) {
            found.append("\(scope) unknown types \(keys.sorted()), undocumented \(undocumented.sorted())")
        }
        for (type, values) in unknown where values.count != 1 && !duplicated.contains(type) {
            found.append("\(scope) unknown type \(type) occurs \(values.count) times")
        }
        return found
    }

    private static func date(_ date: Date?, matches epoch: Double?) -> Bool {
        switch (date, epoch) {
        case (nil, nil): return true
        case let (date?, epoch?): return abs(date.timeIntervalSince1970 - epoch) < 0.0005
        default: return false
        }
    }

    private static func raw(_ raw: [UInt8]?, matches expected: Manifest.Value) -> Bool {
        guard let raw else { return false }
        if expected.asn1 == "raw" {
            return .text(HexBytes.encode(raw)) == expected.value
        }
        var reader = ASN1Reader(raw)
        guard let element = try? reader.next(), reader.isAtEnd else { return false }
        switch expected.asn1 {
        case "INTEGER":
            guard let number = try? reader.nonNegativeInteger(element) else { return false }
            return .integer(number) == expected.value
        case "UTF8String", "IA5String":
            let tag = expected.asn1 == "UTF8String" ? ASN1Tag.utf8String : ASN1Tag.ia5String
            guard element.tag == tag, let text = try? reader.string(element) else { return false }
            return .text(text) == expected.value
        default:
            return false
        }
    }
}
