import Foundation
import Testing

@testable import ReceiptKit

/// `subscriptions[].state` and the rule `subscription "X" active` never disagree: over every fixture
/// receipt and every kind of subscription notification the tests can sign, at each period's start and
/// end, with and without the age limit, a state of active or in_grace_period is granted, stale is
/// unknown, and every other state is denied.
@Suite struct StateAgreementTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The decision a state stands for.
    static func decision(for state: SubscriptionStatus.State) -> Decision {
        switch state {
        case .active, .inGracePeriod: .granted
        case .stale: .unknown
        case .expired, .refunded, .notStarted, .upgraded, .billingRetry, .revoked: .denied
        }
    }

    /// Every fixture receipt that verifies against the fixtures' test root, as facts.
    static func fixtureFacts() throws -> [(String, EntitlementFacts)] {
        let root = try Certificate(derOrPEM: [UInt8](Data(contentsOf: fixtures.appendingPathComponent("pki/root.pem"))))
        let validator = try ReceiptValidator(policy: .custom(roots: [root]), options: ValidationOptions())
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter {
            $0.hasSuffix(".receipt")
        }
        return try names.sorted().compactMap { name in
            let bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
            return EntitlementFacts(report: validator.validate(bytes, input: name)).map { (name, $0) }
        }
    }

    /// A notification of `type` carrying one monthly transaction (`transaction` added to its members) and,
    /// when given, its renewal info (`renewal` added), each signed, verified whole.
    static func notification(
        _ type: String, transaction: String = "", renewal: String? = nil, expires: Int64 = 1_717_200_000_000
    ) throws
        -> EntitlementFacts
    {
        let pki = try JWSSigningTests.ecPKI.get()
        let signed = try JWSConformanceTests.sign(
            """
            {"transactionId":"12","originalTransactionId":"10","bundleId":"com.example.app","productId":"pro.month",
            "subscriptionGroupIdentifier":"21000000","purchaseDate":1714521600000,"expiresDate":\(expires),
            "type":"Auto-Renewable Subscription","environment":"Production","signedDate":1717200000000\(transaction)}
            """, pki)
        var data = #""signedTransactionInfo":"\#(String(decoding: signed, as: UTF8.self))""#
        if let renewal {
            let info = try JWSConformanceTests.sign(
                """
                {"originalTransactionId":"10","productId":"pro.month","autoRenewProductId":"pro.month",
                "environment":"Production","signedDate":1717200000000\(renewal)}
                """, pki)
            data += #","signedRenewalInfo":"\#(String(decoding: info, as: UTF8.self))""#
        }
        let notification = """
            {"notificationType":"\(type)","notificationUUID":"u","version":"2.0","signedDate":1717200000000,
            "data":{"bundleId":"com.example.app","environment":"Production",\(data)}}
            """
        let report = try JWSConformanceTests.validate(try JWSConformanceTests.sign(notification, pki), pki)
        return try #require(EntitlementFacts(report: report), "\(type): \(report.message ?? "")")
    }

    /// One notification per state Apple's notifications put a subscription in.
    static func notificationFacts() throws -> [(String, EntitlementFacts)] {
        let revoked = #","revocationDate":1716000000000,"revocationReason":0"#
        return [
            ("SUBSCRIBED", try notification("SUBSCRIBED", renewal: "")),
            ("DID_RENEW", try notification("DID_RENEW")),
            ("DID_RENEW, a month to run", try notification("DID_RENEW", expires: 1_719_792_000_000)),
            (
                "DID_FAIL_TO_RENEW grace",
                try notification(
                    "DID_FAIL_TO_RENEW",
                    renewal: #","isInBillingRetryPeriod":true,"gracePeriodExpiresDate":1717804800000"#)
            ),
            (
                "DID_FAIL_TO_RENEW retry",
                try notification("DID_FAIL_TO_RENEW", renewal: #","isInBillingRetryPeriod":true"#)
            ),
            ("EXPIRED", try notification("EXPIRED", renewal: #","autoRenewStatus":0"#)),
            ("REFUND", try notification("REFUND", transaction: revoked + #","revocationType":"REFUND_FULL""#)),
            ("REVOKE", try notification("REVOKE", transaction: revoked + #","revocationType":"FAMILY_REVOKE""#)),
            ("upgraded", try notification("DID_CHANGE_RENEWAL_PREF", transaction: #","isUpgraded":true"#)),
        ]
    }

    /// Each period's start and end (a second after), and a day in the period, as evaluation times.
    static func times(_ facts: EntitlementFacts) -> [Date] {
        let periods = facts.purchases.compactMap { purchase in
            purchase.purchaseDate.flatMap { start in purchase.expiresDate.map { (start, $0) } }
        }
        return periods.flatMap { start, end in
            [start, end].map { $0.addingTimeInterval(1) } + [start.addingTimeInterval(86_400)]
        }
    }

    @Test func statesAgreeWithTheRule() throws {
        let inputs = try Self.fixtureFacts() + Self.notificationFacts()
        #expect(inputs.count >= 16, "\(inputs.map(\.0))")
        let binding = AppBinding(bundleID: "com.example.app", environment: nil, analysis: false)
        var mismatches: [String] = []
        var seen = Set<String>()
        for (name, facts) in inputs {
            let products = SubscriptionStatus.all(in: facts.purchases, at: Date(), reminderDays: 0).map(\.productID)
            guard !products.isEmpty else { continue }
            let text = products.enumerated().map { "s\($0.offset): subscription \"\($0.element)\" active" }
            let rules = try RuleSet.parse(file: text.joined(separator: "\n"), name: name)
            for time in Self.times(facts) {
                for maximumAge in [RuleSet.defaultMaximumAge, nil] {
                    let results = RuleConfiguration(rules: rules, time: time, maximumAge: maximumAge)
                        .results(for: facts, receipt: nil, binding: binding)
                    for (index, status) in results.subscriptions.enumerated() {
                        seen.insert(status.state.rawValue)
                        let decided = results.entitlements.first { $0.name == "s\(index)" }?.decision
                        if decided != Self.decision(for: status.state) {
                            mismatches.append(
                                "\(name) \(status.productID) at \(time) (max age \(maximumAge.map { "\($0)" } ?? "none")): state \(status.state.rawValue), decision \(decided?.rawValue ?? "none")"
                            )
                        }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) disagreements, first: \(mismatches.prefix(5))")
        // Every state the summary can show was met, so no kind of input went unchecked.
        let all: Set<String> = [
            "active", "expired", "refunded", "revoked", "upgraded", "in_grace_period", "billing_retry", "stale",
        ]
        #expect(all.isSubset(of: seen), "never met: \(all.subtracting(seen).sorted())")
    }

    /// The issue's two cases: a grace period is no longer `expired` beside a granted entitlement, and a
    /// transaction too old for the age limit no longer `active` beside an unknown one.
    @Test func graceAndStaleStatesAreNamed() throws {
        let rules = try RuleSet.parse(file: "pro: subscription \"pro.month\" active", name: "t")
        let binding = AppBinding(bundleID: "com.example.app", environment: nil, analysis: false)
        let grace = try Self.notification(
            "DID_FAIL_TO_RENEW", renewal: #","isInBillingRetryPeriod":true,"gracePeriodExpiresDate":1717804800000"#)
        let inGrace = RuleConfiguration(rules: rules, time: Date(timeIntervalSince1970: 1_717_286_400))
            .results(for: grace, receipt: nil, binding: binding)
        #expect(inGrace.subscriptions.map(\.state) == [.inGracePeriod])
        #expect(inGrace.entitlements.map(\.reasonCode) == [.inGracePeriod])
        // The customer's summary beside the state, in the JSON as in the model.
        let summary = try #require(inGrace.subscriptions.first)
        #expect(summary.originalTransactionID == "10" && summary.inBillingRetry == true)
        #expect(summary.gracePeriodEnd == Date(timeIntervalSince1970: 1_717_804_800) && summary.autoRenews == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(summary), as: UTF8.self)
        for key in [
            #""billing_retry":true"#, #""grace_period_end":"2024-06-08T00:00:00Z""#, #""original_transaction_id":"10""#,
        ] {
            #expect(json.contains(key), "\(json)")
        }
        let renewed = try Self.notification("DID_RENEW", expires: 1_719_792_000_000)
        // Within the period, but 26 days after the notification was signed.
        let old = RuleConfiguration(rules: rules, time: Date(timeIntervalSince1970: 1_717_200_000 + 26 * 86_400))
        let stale = old.results(for: renewed, receipt: nil, binding: binding)
        #expect(stale.subscriptions.map(\.state) == [.stale])
        #expect(stale.entitlements.map(\.decision) == [.unknown])
    }
}
