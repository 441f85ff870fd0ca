import Foundation
import Testing

@testable import ReceiptKit

/// `--combine`: one customer's inputs judged as one, and nothing granted unless every input verifies
/// and names the same app, customer and environment.
@Suite(.timeLimit(.minutes(10))) struct CombinedInputsTests {
    typealias M = StoreKit2Material

    static let rules = """
        premium: original_application_version < 2.0
        premium: subscription "pro.monthly" active
        """
    static let now = Date(timeIntervalSince1970: 1_795_305_600)  // 2026-11-22T00:00:00Z

    static func combine(_ inputs: [[UInt8]]) throws -> (report: ValidationReport, facts: EntitlementFacts?) {
        let reports = try inputs.map { try M.validate($0) { $0.bundleID = M.bundleID } }
        return CombinedInputs.combine(reports, bundleID: M.bundleID)
    }

    static func premium(_ facts: EntitlementFacts?) throws -> Bool {
        guard let facts else { return false }
        let set = try RuleSet.parse(file: rules, name: "test")
        return set.evaluate(facts: facts, at: now, platform: nil).contains { $0.name == "premium" && $0.granted }
    }

    static func history(_ elements: [String]) throws -> [UInt8] {
        try M.response(ServerResponseTests.history(elements))
    }

    static func app(_ originalVersion: String, id: String = "705000000000001") throws -> [UInt8] {
        Array(try M.jws(M.appTransaction(originalVersion: originalVersion, appTransactionID: id)).utf8)
    }

    @Test func grandfatheredCustomerIsGrantedFromTheAppTransaction() throws {
        let combined = try Self.combine([try Self.app("1.4"), try Self.history([])])
        #expect(combined.report.status == .valid, "\(combined.report.message ?? "")")
        #expect(try Self.premium(combined.facts))
    }

    @Test func newCustomerIsGrantedFromTheSubscription() throws {
        let combined = try Self.combine([try Self.app("2.3"), try Self.history([M.transaction()])])
        #expect(combined.facts?.originalApplicationVersion == "2.3")
        #expect(try Self.premium(combined.facts))
        #expect(try !Self.premium(try Self.combine([try Self.app("2.3"), try Self.history([])]).facts))
    }

    @Test func refundedCustomerIsNotGranted() throws {
        let refunded = M.transaction(extra: #","revocationDate":"2026-11-18T00:00:00Z","revocationReason":0"#)
        let combined = try Self.combine([try Self.app("2.3"), try Self.history([refunded])])
        #expect(combined.report.status == .valid)
        #expect(try !Self.premium(combined.facts))
    }

    @Test func anInvalidInputGrantsNothing() throws {
        let bad = try M.tampered(try M.jws(M.transaction()))
        let combined = try Self.combine([try Self.app("1.4"), Array(bad.utf8)])
        #expect(combined.report.status == .invalid && combined.facts == nil)
        #expect(combined.report.reason == .signatureMismatch)
        #expect(combined.report.message?.hasPrefix("input is not valid") == true, "\(combined.report.message ?? "")")
    }

    @Test func anotherAppGrantsNothing() throws {
        let other = Array(try M.jws(M.transaction(bundle: "com.example.other")).utf8)
        let reports = [try M.validate(try Self.app("1.4")), try M.validate(other)]
        let combined = CombinedInputs.combine(reports, bundleID: M.bundleID)
        #expect(combined.report.reason == .bundleIDMismatch && combined.facts == nil)
    }

    @Test func twoCustomersGrantNothing() throws {
        let theirs = M.transaction(customer: "705000000000999")
        let combined = try Self.combine([try Self.app("2.3"), try Self.history([theirs])])
        #expect(combined.report.reason == .customerMismatch && combined.facts == nil)
        #expect(try Self.combine([try Self.app("2.3"), try Self.history([M.transaction()])]).report.status == .valid)
    }

    /// A transaction that names no customer (no appTransactionId) cannot be tied to the AppTransaction's,
    /// and an AppTransaction that names none cannot tie the others to it.
    @Test func inputsNamingNoCustomerGrantNothing() throws {
        let anonymous = try Self.combine([try Self.app("2.3"), try Self.history([M.transaction(customer: nil)])])
        #expect(anonymous.report.reason == .customerMismatch && anonymous.facts == nil)
        #expect(anonymous.report.message?.contains("carries no appTransactionId") == true)
        let app = M.appTransaction(originalVersion: "2.3", appTransactionID: "705000000000001")
            .replacingOccurrences(of: #""appTransactionId":"705000000000001","#, with: "")
        #expect(!app.contains("appTransactionId"))
        let unnamed = try Self.combine([Array(try M.jws(app).utf8), try Self.history([M.transaction()])])
        #expect(unnamed.report.reason == .customerMismatch && unnamed.facts == nil)
        // Alone, an input needs no tie.
        #expect(try Self.combine([try Self.history([M.transaction(customer: nil)])]).report.status == .valid)
    }

    /// One response mixing Sandbox and Production transactions is two customers' at least: refused.
    @Test func environmentsAreReadPerSignedPayload() throws {
        let mixed = try Self.history([M.transaction(), M.transaction(id: "1002", environment: "Sandbox")])
        let combined = try Self.combine([try Self.app("2.3"), mixed])
        #expect(combined.report.reason == .environmentMismatch && combined.facts == nil)
    }

    @Test func renewalInfoWithoutItsTransactionGrantsNothing() throws {
        let status = ServerResponseTests.status.replacingOccurrences(of: M.renewal(), with: M.renewal(id: "4444"))
        let combined = try Self.combine([try Self.app("2.3"), try M.response(status)])
        #expect(combined.report.reason == .customerMismatch && combined.facts == nil)
        let own = try Self.combine([try Self.app("2.3"), try M.response(ServerResponseTests.status)])
        #expect(own.report.status == .valid && own.facts?.renewals.count == 1)
    }

    /// Tied to the customer by its appTransactionId, a renewal info still needs its own subscription's
    /// transaction among the inputs: otherwise its grace period would speak for a subscription not shown.
    @Test func renewalInfoOfTheCustomerWithoutItsTransactionGrantsNothing() throws {
        try Self.expectMismatch(
            renewal: M.renewal(id: "4444", extra: #","appTransactionId":"705000000000001""#),
            saying: "which no transaction beside it has")
    }

    /// A transaction id in common ties two inputs, but two appTransactionIds still name two customers.
    @Test func aSharedTransactionDoesNotJoinTwoAppTransactionIDs() throws {
        try Self.expectMismatch(
            renewal: M.renewal(id: "1001", extra: #","appTransactionId":"705000000000999""#), saying: "two customers")
    }

    /// The AppTransaction beside a status response holding `renewal`, in both orders: `customer_mismatch`.
    static func expectMismatch(renewal: String, saying why: String) throws {
        let status = ServerResponseTests.status.replacingOccurrences(of: M.renewal(), with: renewal)
        for inputs in [[try app("2.3"), try M.response(status)], [try M.response(status), try app("2.3")]] {
            let combined = try combine(inputs)
            #expect(combined.report.reason == .customerMismatch && combined.facts == nil)
            #expect(combined.report.message?.contains(why) == true, "\(combined.report.message ?? "")")
        }
    }

    /// A renewal info names no app, and every combined input must: alone it is refused, in a status response taken.
    @Test func bareRenewalInfoIsNotCombined() throws {
        let renewal = Array(try M.jws(M.renewal(id: "1001")).utf8)
        let combined = try Self.combine([try Self.app("2.3"), try Self.history([M.transaction()]), renewal])
        #expect(combined.report.reason == .bundleIDMismatch && combined.facts == nil)
    }

    @Test func sandboxAndProductionDoNotCombine() throws {
        let sandbox = Array(try M.jws(M.transaction(environment: "Sandbox")).utf8)
        let combined = try Self.combine([try Self.app("2.3"), sandbox])
        #expect(combined.report.reason == .environmentMismatch && combined.facts == nil)
    }

    /// Checked without --bundle-id, a transaction naming no app verifies; combined it names none, so it is refused.
    @Test func transactionWithoutBundleIDIsNotCombined() throws {
        let spec = M.transaction().replacingOccurrences(of: "\"bundleId\":\"\(M.bundleID)\",", with: "")
        let unbound = try M.validate(try M.response(#"{"signedTransactions":[\#(spec)]}"#))
        #expect(unbound.status == .valid)
        let combined = CombinedInputs.combine(
            [try M.validate(try Self.app("2.3")) { $0.bundleID = M.bundleID }, unbound], bundleID: M.bundleID)
        #expect(combined.report.reason == .bundleIDMismatch && combined.facts == nil)
        #expect(combined.report.message?.contains("carries purchases but no signed bundle id") == true)
    }

    /// The entitlement-semantics terms read the combined facts: the AppTransaction's platform, the history's
    /// ownership, the status response's grace period.
    @Test func combinedFactsFeedPlatformOwnershipAndGracePeriod() throws {
        let lapsed = M.transaction(expires: "2026-11-20T00:00:00Z")
        let grace = M.renewal(extra: #","gracePeriodExpiresDate":"2026-11-25T00:00:00Z","isInBillingRetryPeriod":true"#)
        let status = ServerResponseTests.status.replacingOccurrences(of: M.transaction(), with: lapsed)
            .replacingOccurrences(of: M.renewal(), with: grace)
        let combined = try Self.combine([try Self.app("2.3"), try M.response(status)])
        let facts = try #require(combined.facts, "\(combined.report.message ?? "")")
        let rules = try RuleSet.parse(
            file: """
                ios: original_platform == "iOS"
                own: ownership == purchased
                grace: subscription "pro.monthly" in_grace
                """, name: "test")
        let granted = rules.evaluate(facts: facts, at: Self.now, platform: nil).filter(\.granted).map(\.name)
        #expect(granted == ["ios", "own", "grace"])
    }

    /// An app receipt stands where the AppTransaction would: grandfathering reads it, the history adds purchases.
    @Test func appReceiptCombinesWithAHistory() throws {
        guard case .report(let receipt) = try CheckMaterial.validate(CheckMaterial.signed(CheckMaterial.receipt()))
        else {
            Issue.record("no receipt report")
            return
        }
        let history = try M.validate(
            try M.response(
                #"{"signedTransactions":[\#(M.transaction(id: "3001", bundle: CheckMaterial.bundleID)), "#
                    + #"\#(M.transaction(id: "3002", product: "pro.yearly", bundle: CheckMaterial.bundleID))]}"#))
        // The receipt names no customer: only its own purchase, and what shares its customer, ties the history to it.
        let unrelated = CombinedInputs.combine([receipt, history], bundleID: CheckMaterial.bundleID)
        #expect(unrelated.report.reason == .customerMismatch && unrelated.facts == nil)
        #expect(unrelated.report.message?.contains("shares no identifier Apple signs") == true)
        guard
            case .report(let owning) = try CheckMaterial.validate(
                CheckMaterial.signed(
                    CheckMaterial.receipt {
                        $0.inApp = [
                            InAppPurchase(
                                quantity: 1, productID: "pro.monthly", transactionID: "3001",
                                purchaseDate: Date(timeIntervalSince1970: 1_676_363_400), originalTransactionID: "3001")
                        ]
                    }))
        else {
            Issue.record("no receipt report")
            return
        }
        let combined = CombinedInputs.combine([owning, history], bundleID: CheckMaterial.bundleID)
        let facts = try #require(combined.facts, "\(combined.report.message ?? "")")
        #expect(facts.source == .receipt && facts.originalApplicationVersion == "37")
        #expect(Set(facts.purchases.compactMap(\.productID)) == ["pro.monthly", "pro.yearly"])
    }

    @Test func nothingToCombineIsNotValid() {
        #expect(CombinedInputs.combine([], bundleID: M.bundleID).report.status == .invalid)
    }
}
