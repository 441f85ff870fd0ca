import Foundation
import TestSupport
import Testing

@testable import ReceiptKit

@Suite(.timeLimit(.minutes(10))) struct ReceiptReportJSONTests {
    /// Every corpus file, verified with Apple's roots, at its date and at "now", and with the
    /// caller's checks failing, so passed and failed checks, chains and receipts all appear.
    @Test func writesWhatJSONEncoderWritesForEveryCorpusReceipt() throws {
        let directories = ["receipts", "negative"].map { TestCorpus.directory.appendingPathComponent($0) }
        var files: [URL] = []
        for directory in directories {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
                Issue.record("\(SharedData.missing(.corpus, at: directory))")
                return
            }
            files += names.sorted().map { directory.appendingPathComponent($0) }
        }
        #expect(files.count > 40)
        var strict = ValidationOptions()
        strict.bundleID = "com.example.\u{1}other/\"app\""
        strict.environment = .sandbox
        strict.time = .now
        let validators = [
            try ReceiptValidator(policy: .apple()),
            try ReceiptValidator(policy: .apple(), options: strict),
        ]
        var compared = 0
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            for validator in validators {
                let report = validator.validate(bytes, input: file.lastPathComponent + "\t\\ é\u{7f}")
                let line = try #require((try? Verdict(report: report).json(pretty: false)))
                let reference = try Verdict(report: report).encoded(pretty: false)
                #expect(line == reference, "\(file.lastPathComponent)")
                #expect(
                    try Verdict(report: report).json(pretty: true)
                        == Verdict(report: report).encoded(pretty: true),
                    "pretty: \(file.lastPathComponent)")
                compared += 1
            }
        }
        #expect(compared == files.count * 2)
    }

    @Test func writesUnknownAttributesAndEveryOptionalMember() throws {
        var report = ValidationReport(input: "synthetic")
        report.receipt = ParsedReceipt(
            receiptType: "ProductionSandbox", appItemID: 0, bundleID: "a/b", bundleIDData: [0x0c, 0x03],
            applicationVersion: "1", opaqueValue: [0xff], sha1Hash: [0x00], ageRating: "4+",
            receiptCreationDate: Date(timeIntervalSince1970: 0),
            inApp: [
                InAppPurchase(
                    quantity: -1, productID: "p\u{0}", transactionID: "1", purchaseDate: Date(timeIntervalSince1970: 1),
                    originalTransactionID: "2", originalPurchaseDate: Date(timeIntervalSince1970: 2), productType: 3,
                    expiresDate: Date(timeIntervalSince1970: 3), webOrderLineItemID: Int64.max,
                    cancellationDate: Date(timeIntervalSince1970: 4), isTrialPeriod: true, isInIntroOfferPeriod: false,
                    promotionalOfferID: "offer", unknownAttributes: [1719: [[1]], 2: [[2], [3]], 17: []]),
                InAppPurchase(),
            ],
            originalPurchaseDate: Date(timeIntervalSince1970: 5), originalApplicationVersion: "0",
            expirationDate: Date(timeIntervalSince1970: 6), unknownAttributes: [10: [[0xab]], 9: [[]], 100: [[1, 2]]])
        report.status = .invalid
        let verdict = Verdict(report: report)
        #expect(
            try #require((try? Verdict(report: report).json(pretty: false))) == (try verdict.encoded(pretty: false)))
        #expect(try verdict.json(pretty: true) == (try verdict.encoded(pretty: true)))
    }

    /// Type keys sort as their decimal strings do, without making the strings.
    @Test func typeKeysSortAsTheirDecimalStrings() {
        var generator = SystemRandomNumberGenerator()
        let edges: [Int64] = [0, 1, 9, 10, 17, 100, 1709, 1710, 2, -1, -10, -2, .max, .min, .min + 1, 99, 990]
        var values = edges
        for _ in 0..<2_000 {
            let digits = Int.random(in: 1...19, using: &generator)
            var value: Int64 = 0
            for _ in 0..<digits { value = value &* 10 &+ Int64.random(in: 0...9, using: &generator) }
            values.append(Bool.random(using: &generator) ? value : -value)
        }
        // One expectation over all pairs: a wrong order fails most of the 400,000, and recording each would
        // take minutes.
        var misordered: [String] = []
        for a in values.prefix(200) {
            for b in values {
                let expected = Array(String(a).utf8).lexicographicallyPrecedes(Array(String(b).utf8))
                if (DecimalOrder(a) < DecimalOrder(b)) != expected, misordered.count < 5 {
                    misordered.append("\(a) \(b)")
                }
            }
        }
        #expect(misordered.isEmpty)
    }
}
