import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The rule checks that grandfathering relies on, on receipts built here (no corpus): versions
/// compare as numbers, a missing field stays unknown through `not`, a refund takes a purchase away.
@Suite(.timeLimit(.minutes(10))) struct RuleCoverageTests {
    static let evaluatedAt = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01T00:00:00Z

    static func granted(_ rule: String, _ receipt: ParsedReceipt, at time: Date = evaluatedAt) throws -> Bool {
        let rules = try RuleSet.parse(file: rule, name: "test")
        // These inputs are judged as they stand: the maximum age has tests of its own (MaximumAgeTests).
        let decision = try #require(rules.evaluate(receipt: receipt, at: time, platform: .ios, maximumAge: nil).first)
        return decision.granted
    }

    /// Two-digit thresholds against one- and three-digit versions: string order gets both wrong.
    @Test(arguments: [("9", true), ("41", true), ("42", false), ("100", false), ("1.10", true)])
    func versionsCompareAsNumbers(_ version: String, _ expected: Bool) throws {
        let receipt = ParsedReceipt(receiptType: "Production", originalApplicationVersion: version)
        #expect(try Self.granted("premium: original_application_version < 42", receipt) == expected, "\(version)")
    }

    @Test func notOfAMissingFieldGrantsNothing() throws {
        let receipt = ParsedReceipt(receiptType: "Xcode")
        #expect(try !Self.granted("premium: not (original_application_version >= 42)", receipt))
        #expect(try !Self.granted("premium: original_application_version < 42", receipt))
        // The same rule grants once the field is there: the missing value is what refuses it.
        let present = ParsedReceipt(receiptType: "Production", originalApplicationVersion: "37")
        #expect(try Self.granted("premium: not (original_application_version >= 42)", present))
    }

    @Test func refundedPurchaseNoLongerGrants() throws {
        let purchase = InAppPurchase(
            quantity: 1, productID: "com.example.pro", transactionID: "1",
            purchaseDate: Date(timeIntervalSince1970: 1_600_000_000),
            cancellationDate: Date(timeIntervalSince1970: 1_700_000_000))
        let receipt = ParsedReceipt(receiptType: "Production", inApp: [purchase])
        let rule = "pro: product \"com.example.pro\""
        #expect(try Self.granted(rule, receipt, at: Date(timeIntervalSince1970: 1_650_000_000)))
        #expect(try !Self.granted(rule, receipt, at: Date(timeIntervalSince1970: 1_700_000_001)))
    }
}
