import Foundation
import Testing

@testable import ReceiptKit

/// Several signed copies of one transaction or app purchase: the latest signed decides, a refund seen in
/// any copy stands, each copy keeps its own age, and the order of the inputs never matters.
@Suite(.timeLimit(.minutes(10))) struct LatestCopyTests {
    typealias M = StoreKit2Material
    typealias C = CombinedInputsTests

    static let pro = #"pro: product "com.example.pro""#
    static let subscribed = #"sub: subscription "pro.monthly" active"#
    static let grandfathered = "old: original_application_version < 2.0"

    /// Transaction 7010 as the client kept it, signed 2026-09-01 before its refund (82 days before `C.now`).
    static let stale = CustomerMatchTests.nonConsumable(
        id: "7010", product: "com.example.pro", customer: "705000000000001"
    )
    .replacingOccurrences(of: "2026-11-20T00:00:00Z", with: "2026-09-01T00:00:00Z")
    .replacingOccurrences(of: "2026-11-15T00:00:00Z", with: "2026-08-15T00:00:00Z")
    /// The server's fresh copy of 7010: refunded.
    static let refunded = CustomerMatchTests.nonConsumable(
        id: "7010", product: "com.example.pro", customer: "705000000000001",
        extra: #","revocationDate":"2026-11-10T00:00:00Z","revocationReason":0"#
    ).replacingOccurrences(of: "2026-11-15T00:00:00Z", with: "2026-08-15T00:00:00Z")

    static func decide(_ inputs: [[UInt8]], _ rules: String, maximumAge: PurchaseTerm? = RuleSet.defaultMaximumAge)
        throws -> (granted: [String], reasons: [String])
    {
        let combined = try C.combine(inputs)
        let facts = try #require(combined.facts, "\(combined.report.message ?? "")")
        let decisions = try RuleSet.parse(file: rules, name: "test").evaluate(
            facts: facts, at: C.now, platform: nil, maximumAge: maximumAge)
        return (decisions.filter(\.granted).map(\.name), decisions.flatMap(\.reasons))
    }

    static func jws(_ spec: String) throws -> [UInt8] { Array(try M.jws(spec).utf8) }

    /// The pre-refund copy re-sent beside the server's fresh history that shows the refund: refunded, in
    /// either order, with or without an age limit.
    @Test func aStaleCopyDoesNotUndoARefund() throws {
        let inputs = [try Self.jws(Self.stale), try C.history([Self.refunded])]
        for order in [inputs, inputs.reversed()] {
            for age in [RuleSet.defaultMaximumAge, nil] {
                let decided = try Self.decide(order, Self.pro, maximumAge: age)
                #expect(decided.granted.isEmpty)
                #expect(decided.reasons.contains { $0.contains("refunded") }, "\(decided.reasons)")
            }
        }
    }

    /// One history body holding both copies, on plain verify: the latest decides.
    @Test func oneBodyHoldingBothCopies() throws {
        for elements in [[Self.stale, Self.refunded], [Self.refunded, Self.stale]] {
            let verified = try CustomerMatchTests.verify(ServerResponseTests.history(elements), Self.pro)
            #expect(verified.granted.isEmpty && verified.reasons.contains { $0.contains("refunded") }, "\(verified)")
        }
    }

    /// A refund seen in an older copy stands even when a later copy does not show it.
    @Test func aRefundInAnyCopyStands() throws {
        let earlier = Self.refunded.replacingOccurrences(of: "2026-11-20T00:00:00Z", with: "2026-11-19T00:00:00Z")
        let later = CustomerMatchTests.nonConsumable(
            id: "7010", product: "com.example.pro", customer: "705000000000001")
        let inputs = [try Self.jws(earlier), try Self.jws(later)]
        for order in [inputs, inputs.reversed()] {
            #expect(try Self.decide(order, Self.pro).granted.isEmpty)
        }
    }

    /// A subscription's pre-refund or pre-upgrade copy beside the fresh one: not active, in either order.
    @Test func refundedOrUpgradedSubscriptionStaysSo() throws {
        let old = M.transaction().replacingOccurrences(of: "2026-11-20T00:00:00Z", with: "2026-11-16T00:00:00Z")
        for extra in [#","revocationDate":"2026-11-18T00:00:00Z","revocationReason":0"#, #","isUpgraded":true"#] {
            let inputs = [try Self.jws(old), try C.history([M.transaction(extra: extra)])]
            for order in [inputs, inputs.reversed()] {
                #expect(try Self.decide(order, Self.subscribed, maximumAge: nil).granted.isEmpty, "\(extra)")
            }
        }
        let inputs = [try Self.jws(old), try C.history([M.transaction()])]
        #expect(try Self.decide(inputs, Self.subscribed).granted == ["sub"])
    }

    /// An upgrade seen only in an older copy stands beside a later copy that does not show it: the
    /// subscription is not active, in either order.
    @Test func anUpgradeInAnOlderCopyStands() throws {
        let upgraded = M.transaction(extra: #","isUpgraded":true"#)
            .replacingOccurrences(of: "2026-11-20T00:00:00Z", with: "2026-11-19T00:00:00Z")
        let inputs = [try Self.jws(upgraded), try C.history([M.transaction()])]
        for order in [inputs, inputs.reversed()] {
            #expect(try Self.decide(order, Self.subscribed, maximumAge: nil).granted.isEmpty)
        }
    }

    /// An AppTransaction beside a later AppTransactionInfo response that shows the app refunded: nothing is
    /// granted from the app purchase, whichever comes first, and whichever copy is the later.
    @Test func aRevokedAppPurchaseStaysRevoked() throws {
        let revoked = M.appTransaction().replacingOccurrences(
            of: #""signedDate":"2026-11-20T00:00:00Z""#,
            with: #""signedDate":"2026-11-21T00:00:00Z","revocationDate":"2026-11-21T00:00:00Z","revocationReason":0"#)
        #expect(revoked.contains("revocationDate"))
        let response = try M.response(#"{"signedAppTransactionInfo":\#(revoked)}"#)
        let inputs = [try C.app("1.4"), response]
        for order in [inputs, inputs.reversed()] {
            #expect(try Self.decide(order, Self.grandfathered).granted.isEmpty)
        }
        #expect(try Self.decide([try C.app("1.4")], Self.grandfathered).granted == ["old"])
        // The revoked copy the earlier one: the refund still stands.
        let later = M.appTransaction().replacingOccurrences(of: "2026-11-20T00:00:00Z", with: "2026-11-21T12:00:00Z")
        let pair = [response, try Self.jws(later)]
        for order in [pair, pair.reversed()] {
            #expect(try Self.decide(order, Self.grandfathered).granted.isEmpty)
        }
    }

    /// Of two AppTransactions of one customer, the later signed says what the app is now.
    @Test func theLatestAppTransactionDecides() throws {
        let later = M.appTransaction().replacingOccurrences(of: "2026-11-20T00:00:00Z", with: "2026-11-21T00:00:00Z")
            .replacingOccurrences(of: #""applicationVersion":"3.1""#, with: #""applicationVersion":"3.2""#)
        let inputs = [try C.app("1.4"), try Self.jws(later)]
        for order in [inputs, inputs.reversed()] {
            #expect(try Self.decide(order, "current: application_version >= 3.2").granted == ["current"])
        }
    }

    /// The stale copy alone is unknown past --max-age; beside a fresh input of the same customer it stays
    /// unknown, as every fact keeps its own copy's age.
    @Test func aStaleCopyKeepsItsAgeBesideAFreshInput() throws {
        let alone = try Self.decide([try Self.jws(Self.stale)], Self.pro)
        #expect(alone.granted.isEmpty && alone.reasons.contains { $0.contains("82 days old") }, "\(alone.reasons)")
        let inputs = [try Self.jws(Self.stale), try C.app("2.3")]
        for order in [inputs, inputs.reversed()] {
            let decided = try Self.decide(order, Self.pro)
            #expect(
                decided.granted.isEmpty && decided.reasons.contains { $0.contains("82 days old") }, "\(decided.reasons)"
            )
        }
        // A subscription whose only copy is old, beside a fresh AppTransaction: unknown too.
        let old = M.transaction().replacingOccurrences(of: "2026-11-20T00:00:00Z", with: "2026-11-01T00:00:00Z")
        let subscription = [try Self.jws(old), try C.app("2.3")]
        for order in [subscription, subscription.reversed()] {
            #expect(try Self.decide(order, Self.subscribed).granted.isEmpty)
        }
    }

    /// An old copy that shows a refund, beside a fresh input that says nothing of the product: the product
    /// is unknown, not absent, since a purchase after that copy would be invisible; so `not product` is
    /// unknown too, and grants nothing.
    @Test func anOldRefundedCopyLeavesTheProductUnknown() throws {
        let oldRefund = Self.refunded.replacingOccurrences(of: "2026-11-20T00:00:00Z", with: "2026-09-01T00:00:00Z")
            .replacingOccurrences(of: "2026-11-10T00:00:00Z", with: "2026-08-20T00:00:00Z")
        let inputs = [try Self.jws(oldRefund), try C.app("2.3")]
        for order in [inputs, inputs.reversed()] {
            let decided = try Self.decide(order, #"lapsed: not product "com.example.pro""#)
            #expect(decided.granted.isEmpty, "\(decided.reasons)")
            #expect(decided.reasons.contains { $0.contains("82 days old") }, "\(decided.reasons)")
        }
    }

    /// An old copy of one purchase of a product beside a fresh copy of another, refunded: the old one
    /// cannot grant, its own refund since would be invisible.
    @Test func aFreshCopyOfAnotherPurchaseDoesNotRefreshAnOldOne() throws {
        let pass = #"pass: product "com.example.pass""#
        let old = Self.stale.replacingOccurrences(of: "com.example.pro", with: "com.example.pass")
            .replacingOccurrences(of: "Non-Consumable", with: "Non-Renewing Subscription")
        let other = Self.refunded.replacingOccurrences(of: "com.example.pro", with: "com.example.pass")
            .replacingOccurrences(of: "Non-Consumable", with: "Non-Renewing Subscription")
            .replacingOccurrences(of: "7010", with: "7011")
        let inputs = [try Self.jws(old), try C.history([other])]
        for order in [inputs, inputs.reversed()] {
            let decided = try Self.decide(order, pass)
            #expect(
                decided.granted.isEmpty && decided.reasons.contains { $0.contains("82 days old") }, "\(decided.reasons)"
            )
        }
    }

    static func status(_ transaction: String, _ renewal: String) throws -> [UInt8] {
        try M.response(
            ServerResponseTests.status.replacingOccurrences(of: M.transaction(), with: transaction)
                .replacingOccurrences(of: M.renewal(), with: renewal))
    }

    static let lapsed = M.transaction(expires: "2026-11-19T00:00:00Z")
    static let grace = M.renewal(
        extra: #","gracePeriodExpiresDate":"2026-11-25T00:00:00Z","isInBillingRetryPeriod":true"#)

    /// A grace period known only from an old renewal info, beside a fresh copy of the lapsed transaction:
    /// the billing retry may have ended since, so it is unknown.
    @Test func aGracePeriodFromAnOldRenewalInfoIsUnknown() throws {
        let old = { (spec: String) in
            spec.replacingOccurrences(of: "2026-11-20T00:00:00Z", with: "2026-11-16T00:00:00Z")
        }
        let inputs = [try Self.status(old(Self.lapsed), old(Self.grace)), try C.history([Self.lapsed])]
        for order in [inputs, inputs.reversed()] {
            let decided = try Self.decide(order, Self.subscribed + "\ngrace: subscription \"pro.monthly\" in_grace")
            #expect(decided.granted.isEmpty, "\(decided.reasons)")
            #expect(decided.reasons.contains { $0.contains("its billing grace period may have ended since") })
        }
        let fresh = [try Self.status(Self.lapsed, Self.grace), try C.history([Self.lapsed])]
        #expect(try Self.decide(fresh, Self.subscribed).granted == ["sub"])
    }

    /// Of two renewal infos of one subscription, the later signed decides: a grace period it no longer
    /// shows is over.
    @Test func theLatestRenewalInfoDecides() throws {
        let later = { (spec: String) in
            spec.replacingOccurrences(of: "2026-11-20T00:00:00Z", with: "2026-11-21T00:00:00Z")
        }
        let recovered = later(M.renewal(extra: #","isInBillingRetryPeriod":false"#))
        let inputs = [try Self.status(Self.lapsed, Self.grace), try Self.status(later(Self.lapsed), recovered)]
        for order in [inputs, inputs.reversed()] {
            #expect(try Self.decide(order, Self.subscribed).granted.isEmpty)
        }
    }

    /// The period in force known only from an old copy, beside a fresh copy of an earlier period: unknown.
    @Test func theCopyOfThePeriodInForceMustBeFresh() throws {
        let earlier = M.transaction(id: "1000", expires: "2026-11-15T00:00:00Z")
            .replacingOccurrences(
                of: #""purchaseDate":"2026-11-15T00:00:00Z""#, with: #""purchaseDate":"2026-10-15T00:00:00Z""#)
        let current = M.transaction().replacingOccurrences(of: "2026-11-20T00:00:00Z", with: "2026-11-16T00:00:00Z")
            .replacingOccurrences(of: #""originalTransactionId":"1001""#, with: #""originalTransactionId":"1000""#)
        let inputs = [try Self.jws(current), try C.history([earlier])]
        for order in [inputs, inputs.reversed()] {
            let decided = try Self.decide(order, Self.subscribed)
            #expect(
                decided.granted.isEmpty && decided.reasons.contains { $0.contains("6 days old") }, "\(decided.reasons)")
        }
        #expect(try Self.decide(inputs, Self.subscribed, maximumAge: nil).granted == ["sub"])
    }

    /// A transaction of the subscription in force as a client kept it, signed ten days before `C.now`
    /// (past `--max-age`), whose period starts at `start`.
    static func staleRenewal(starting start: String) -> String {
        M.transaction(id: "1037").replacingOccurrences(of: "2026-11-20T00:00:00Z", with: "2026-11-12T00:00:00Z")
            .replacingOccurrences(of: #""purchaseDate":"2026-11-15T00:00:00Z""#, with: #""purchaseDate":"\#(start)""#)
    }

    /// Two periods in force, one known only from an old copy and one from the fresh history: the fresh
    /// one proves the subscription active, whichever starts a second later or first, in any order of the
    /// inputs. Only the period that started last was once judged, so the decision followed which of two
    /// copies made a second apart got the later start, or, at the same second, which input came first.
    @Test func aFreshPeriodInForceDecidesBesideAStaleOne() throws {
        for start in ["2026-11-14T23:59:59Z", "2026-11-15T00:00:00Z", "2026-11-15T00:00:01Z"] {
            let inputs = [try Self.jws(Self.staleRenewal(starting: start)), try C.history([M.transaction(id: "1005")])]
            for order in [inputs, inputs.reversed()] {
                let decided = try Self.decide(order, Self.subscribed)
                #expect(decided.granted == ["sub"], "\(start): \(decided.reasons)")
            }
        }
    }

    /// The fresh period refunded, or none in force: the stale copy alone decides nothing, in any order.
    @Test func aStalePeriodInForceBesideAFreshRefundIsUnknown() throws {
        let refunded = M.transaction(
            id: "1005", extra: #","revocationDate":"2026-11-18T00:00:00Z","revocationReason":0"#)
        let lapsed = M.transaction(id: "1005", expires: "2026-11-19T00:00:00Z")
        for fresh in [refunded, lapsed] {
            for start in ["2026-11-14T23:59:59Z", "2026-11-15T00:00:00Z", "2026-11-15T00:00:01Z"] {
                let inputs = [try Self.jws(Self.staleRenewal(starting: start)), try C.history([fresh])]
                for order in [inputs, inputs.reversed()] {
                    let decided = try Self.decide(order, Self.subscribed)
                    #expect(decided.granted.isEmpty, "\(start): \(decided.reasons)")
                    let stale = decided.reasons.contains { $0.contains("transaction 1037 is 10 days old") }
                    #expect(stale, "\(decided.reasons)")
                }
            }
        }
    }
}
