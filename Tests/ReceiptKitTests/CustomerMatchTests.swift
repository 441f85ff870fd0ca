import Foundation
import Testing

@testable import ReceiptKit

/// One customer per decision: inputs, and the elements of one response body, are decided together only
/// when identifiers Apple signs tie them to one customer.
@Suite(.timeLimit(.minutes(10))) struct CustomerMatchTests {
    typealias M = StoreKit2Material
    typealias C = CombinedInputsTests

    static let otherCustomer = "705000000000999"

    /// A receipt of `CheckMaterial`'s app with `purchases` (product, transaction id) and an original version.
    static func receipt(originalVersion: String, _ purchases: [(String, String)]) throws -> ValidationReport {
        let bytes = try CheckMaterial.signed(
            CheckMaterial.receipt {
                $0.originalApplicationVersion = originalVersion
                $0.inApp = purchases.map { product, id in
                    InAppPurchase(
                        quantity: 1, productID: product, transactionID: id,
                        purchaseDate: Date(timeIntervalSince1970: 1_676_363_400), originalTransactionID: id)
                }
            })
        guard case .report(let report) = try CheckMaterial.validate(bytes, { $0.bundleID = CheckMaterial.bundleID })
        else {
            Issue.record("no receipt report")
            return ValidationReport(input: "none")
        }
        return report
    }

    static func granted(_ facts: EntitlementFacts?, _ rules: String, at time: Date) throws -> [String] {
        guard let facts else { return [] }
        let set = try RuleSet.parse(file: rules, name: "test")
        return set.evaluate(facts: facts, at: time, platform: nil).filter(\.granted).map(\.name)
    }

    /// A plain verify of one body, with rules: what it grants and the first reason of each decision.
    static func verify(_ body: String, _ rules: String) throws -> (granted: [String], reasons: [String]) {
        let report = try M.validate(try M.response(body)) { $0.bundleID = M.bundleID }
        #expect(report.status == .valid, "\(report.message ?? "")")
        let facts = try #require(EntitlementFacts(report: report))
        let decisions = try RuleSet.parse(file: rules, name: "test").evaluate(facts: facts, at: C.now, platform: nil)
        return (decisions.filter(\.granted).map(\.name), decisions.flatMap(\.reasons))
    }

    static func nonConsumable(id: String, product: String, customer: String?, extra: String = "") -> String {
        M.transaction(id: id, product: product, expires: nil, extra: extra, customer: customer)
            .replacingOccurrences(of: "Auto-Renewable Subscription", with: "Non-Consumable")
    }

    /// Receipt B (original version 37) and receipt A (which bought the add-on) share no transaction: two
    /// customers, whose combination granted what neither alone does.
    @Test func twoReceiptsOfTwoCustomersAreNotCombined() throws {
        let rules = #"premium: original_application_version < 42 and product "com.example.addon""#
        let b = try Self.receipt(originalVersion: "37", [("com.example.other", "5001")])
        let a = try Self.receipt(originalVersion: "50", [("com.example.addon", "6001")])
        let time = CheckMaterial.created.addingTimeInterval(3600)
        for reports in [[b, a], [a, b]] {
            let combined = CombinedInputs.combine(reports, bundleID: CheckMaterial.bundleID)
            #expect(combined.report.reason == .customerMismatch && combined.facts == nil)
            #expect(combined.report.message?.contains("shares no identifier Apple signs") == true)
        }
        // Two receipts of one customer share the purchases they both list.
        let later = try Self.receipt(
            originalVersion: "37", [("com.example.other", "5001"), ("com.example.addon", "5002")])
        let same = CombinedInputs.combine([b, later], bundleID: CheckMaterial.bundleID)
        #expect(try Self.granted(same.facts, rules, at: time) == ["premium"], "\(same.report.message ?? "")")
    }

    /// An AppTransaction names its customer by appTransactionId, a receipt by nothing it shares.
    @Test func appTransactionAndAnotherCustomersReceiptAreNotCombined() throws {
        let spec = M.appTransaction(originalVersion: "37").replacingOccurrences(
            of: M.bundleID, with: CheckMaterial.bundleID)
        let app = try M.validate(Array(try M.jws(spec).utf8))
        let receipt = try Self.receipt(originalVersion: "50", [("com.example.addon", "6001")])
        for reports in [[app, receipt], [receipt, app]] {
            let combined = CombinedInputs.combine(reports, bundleID: CheckMaterial.bundleID)
            #expect(combined.report.reason == .customerMismatch && combined.facts == nil)
        }
    }

    /// A status response is unsigned JSON around signed elements: customer A's lapsed subscription beside
    /// customer B's renewal info in its grace period grants nothing, on plain verify as with --combine.
    @Test func statusResponseOfTwoCustomersGrantsNothing() throws {
        let lapsed = M.transaction(expires: "2026-11-20T00:00:00Z")
        let theirs = M.renewal(
            id: "2002",
            extra:
                #","appTransactionId":"\#(Self.otherCustomer)","gracePeriodExpiresDate":"2026-11-25T00:00:00Z","isInBillingRetryPeriod":true"#
        )
        let body = ServerResponseTests.status.replacingOccurrences(of: M.transaction(), with: lapsed)
            .replacingOccurrences(of: M.renewal(), with: theirs)
        let verified = try Self.verify(body, #"pro: subscription "pro.monthly" active"#)
        #expect(verified.granted.isEmpty)
        #expect(verified.reasons.first?.hasPrefix("customer_mismatch: ") == true, "\(verified.reasons)")
        // Their own renewal info in its grace period is the customer's grace.
        let own = M.renewal(extra: #","gracePeriodExpiresDate":"2026-11-25T00:00:00Z","isInBillingRetryPeriod":true"#)
        let honest = ServerResponseTests.status.replacingOccurrences(of: M.transaction(), with: lapsed)
            .replacingOccurrences(of: M.renewal(), with: own)
        #expect(try Self.verify(honest, #"pro: subscription "pro.monthly" active"#).granted == ["pro"])
    }

    /// A history holding A's pro and B's add-on grants neither; one customer's two purchases grant both.
    @Test func historyOfTwoCustomersGrantsNothing() throws {
        let rules = """
            pro: product "com.example.pro"
            addon: product "com.example.addon"
            """
        let mine = Self.nonConsumable(id: "7001", product: "com.example.pro", customer: "705000000000001")
        let theirs = Self.nonConsumable(id: "8001", product: "com.example.addon", customer: Self.otherCustomer)
        let mixed = try Self.verify(ServerResponseTests.history([mine, theirs]), rules)
        #expect(mixed.granted.isEmpty && mixed.reasons.allSatisfy { $0.hasPrefix("customer_mismatch: ") })
        let both = Self.nonConsumable(id: "7002", product: "com.example.addon", customer: "705000000000001")
        #expect(try Self.verify(ServerResponseTests.history([mine, both]), rules).granted == ["pro", "addon"])
        // Purchases that name no customer and share no transaction are not tied either.
        let anonymous = Self.nonConsumable(id: "9001", product: "com.example.addon", customer: nil)
        #expect(try Self.verify(ServerResponseTests.history([mine, anonymous]), rules).granted.isEmpty)
    }

    /// One history given alone to --combine is held to the tie rule: its elements are separate wholes.
    @Test func aSingleHistoryIsHeldToTheTieRule() throws {
        let named = M.transaction()
        let anonymous = M.transaction(id: "1002", product: "pro.yearly", customer: nil)
        let combined = try C.combine([try C.history([named, anonymous])])
        #expect(combined.report.reason == .customerMismatch && combined.facts == nil)
        #expect(
            combined.report.message?.contains("carries no appTransactionId") == true, "\(combined.report.message ?? "")"
        )
        // A renewal of the same subscription ties by its original transaction id.
        let renewal = M.transaction(id: "1002", customer: nil)
            .replacingOccurrences(of: #""originalTransactionId":"1002""#, with: #""originalTransactionId":"1001""#)
        #expect(try C.combine([try C.history([named, renewal])]).report.status == .valid)
    }
}
