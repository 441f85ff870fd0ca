import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite(.timeLimit(.minutes(10))) struct SubscriptionStatusTests {
    typealias Support = RuleTestSupport

    static func state(_ product: String, _ receipt: ParsedReceipt, _ time: String) throws -> SubscriptionStatus {
        SubscriptionStatus.status(of: product, in: receipt, at: try Support.date(time), reminderDays: 2)
    }

    /// tpinapp-11: one week (05-09..05-16), then a month renewed once (06-28..07-28..08-28), a gap, a month
    /// again (09-19..10-19). A period counts from 5 minutes (the allowed clock skew) before its start.
    static let tpinapp11: [(String, String, SubscriptionStatus.State)] = [
        ("org.getpure.pure.Week", "2023-05-09T23:15:54Z", .notStarted),
        ("org.getpure.pure.Week", "2023-05-09T23:15:55Z", .active),
        ("org.getpure.pure.Week", "2023-05-09T23:20:54Z", .active),
        ("org.getpure.pure.Week", "2023-05-09T23:20:55Z", .active),
        ("org.getpure.pure.Week", "2023-05-16T23:20:54Z", .active),
        ("org.getpure.pure.Week", "2023-05-16T23:20:55Z", .expired),
        ("org.getpure.pure.Week", "2024-01-01T00:00:00Z", .expired),
        ("org.getpure.pure.Month", "2023-05-12T00:00:00Z", .notStarted),
        ("org.getpure.pure.Month", "2023-06-28T13:49:07Z", .notStarted),
        ("org.getpure.pure.Month", "2023-06-28T13:54:07Z", .active),
        ("org.getpure.pure.Month", "2023-06-28T13:54:08Z", .active),
        ("org.getpure.pure.Month", "2023-07-28T13:54:08Z", .active),
        ("org.getpure.pure.Month", "2023-08-28T13:54:07Z", .active),
        ("org.getpure.pure.Month", "2023-08-28T13:54:08Z", .expired),
        ("org.getpure.pure.Month", "2023-09-19T23:21:22Z", .expired),
        ("org.getpure.pure.Month", "2023-09-19T23:26:22Z", .active),
        ("org.getpure.pure.Month", "2023-09-19T23:26:23Z", .active),
        ("org.getpure.pure.Month", "2023-10-19T23:26:22Z", .active),
        ("org.getpure.pure.Month", "2023-10-19T23:26:23Z", .expired),
    ]

    @Test(arguments: tpinapp11) func statesAroundEachPeriodOfTpinapp11(
        product: String, time: String, expected: SubscriptionStatus.State
    ) throws {
        guard let receipt = try Support.receipt("tpinapp-11") else { return }
        let status = try Self.state(product, receipt, time)
        #expect(status.state == expected)
        #expect(status.inTrial == false && status.inIntroOffer == false && status.trialEnds == nil)
        let rule = try Support.rules("sub: subscription \"\(product)\" active")
        let granted = rule.evaluate(receipt: receipt, at: try Support.date(time), platform: nil).first?.granted
        #expect(granted == (expected == .active))
    }

    @Test func renewalBoundaryBelongsToTheNewPeriod() throws {
        guard let receipt = try Support.receipt("tpinapp-11") else { return }
        let status = try Self.state("org.getpure.pure.Month", receipt, "2023-07-28T13:54:08Z")
        #expect(status.currentPeriod?.start == (try Support.date("2023-07-28T13:54:08Z")))
        #expect(status.periods.count == 3)
        let all = SubscriptionStatus.all(in: receipt, at: try Support.date("2023-07-01T00:00:00Z"), reminderDays: 2)
        #expect(all.map(\.productID) == ["org.getpure.pure.Week", "org.getpure.pure.Month"])
        #expect(all.map(\.state) == [.expired, .active])
    }

    /// tpinapp-2: 187 sandbox renewals of a few minutes each, over three products.
    @Test func everyPeriodOfTpinapp2IsActiveInsideAndNotBefore() throws {
        guard let receipt = try Support.receipt("tpinapp-2") else { return }
        #expect(receipt.inApp.count == 187)
        var checked = 0
        for purchase in receipt.inApp {
            guard let product = purchase.productID, let start = purchase.purchaseDate, let end = purchase.expiresDate
            else { continue }
            let middle = start.addingTimeInterval(end.timeIntervalSince(start) / 2)
            let inside = SubscriptionStatus.status(of: product, in: receipt, at: middle, reminderDays: 2)
            #expect(inside.state == .active, "\(product) at \(middle)")
            #expect(inside.currentPeriod.map { $0.start <= middle && middle < $0.end } == true)
            checked += 1
        }
        #expect(checked > 100)
        for product in Set(receipt.inApp.compactMap(\.productID)) {
            let periods = SubscriptionStatus.Period.periods(of: product, in: receipt)
            guard let first = periods.first, let lastEnd = periods.map(\.end).max() else { continue }
            let before = SubscriptionStatus.status(
                of: product, in: receipt,
                at: first.start.addingTimeInterval(-SubscriptionStatus.Period.allowedClockSkew - 1),
                reminderDays: 2)
            #expect(before.state == .notStarted)
            let after = SubscriptionStatus.status(of: product, in: receipt, at: lastEnd, reminderDays: 2)
            #expect(after.state == .expired)
        }
    }

    /// appreceiptvalidator-6 (Bear): a one-week free trial, 2019-09-26T14:08:36Z to 2019-10-03T14:08:36Z.
    @Test func freeTrialEndAndReminder() throws {
        guard let receipt = try Support.receipt("appreceiptvalidator-6") else { return }
        let product = "net.shinyfrog.bear.pro_monthly_subscription"
        let inside = SubscriptionStatus.status(
            of: product, in: receipt, at: try Support.date("2019-09-30T00:00:00Z"), reminderDays: 3)
        #expect(inside.state == .active && inside.inTrial && !inside.inIntroOffer)
        #expect(inside.trialEnds == (try Support.date("2019-10-03T14:08:36Z")))
        #expect(inside.reminderDue == (try Support.date("2019-09-30T14:08:36Z")))
        let after = try Self.state(product, receipt, "2019-10-03T14:08:36Z")
        #expect(after.state == .expired && !after.inTrial)
        // Only a trial in force has an end and a reminder.
        #expect(after.trialEnds == nil && after.reminderDue == nil)
        // A reminder longer than the trial falls on its first day, never before it.
        let long = SubscriptionStatus.status(
            of: product, in: receipt, at: try Support.date("2019-09-30T00:00:00Z"), reminderDays: 30)
        #expect(long.reminderDue == (try Support.date("2019-09-26T14:08:36Z")))
        // Auto-renew off: the trial will not convert, so nothing to remind of.
        let off = SubscriptionStatus.status(
            of: product, in: PurchaseFactList(records: receipt.purchases), at: try Support.date("2019-09-30T00:00:00Z"),
            reminderDays: 3,
            renewals: [
                RenewalState(productID: product, gracePeriodExpires: nil, isInBillingRetry: nil, autoRenews: false)
            ])
        #expect(off.trialEnds == (try Support.date("2019-10-03T14:08:36Z")) && off.reminderDue == nil)
    }

    /// apple-asslib-1 (Xcode): the corpus's only intro-offer period, 2023-10-19T01:45:36Z to 2023-11-19T01:45:36Z.
    @Test func introOfferPeriod() throws {
        guard let receipt = try Support.receipt("apple-asslib-1") else { return }
        let inside = try Self.state("pass.premium", receipt, "2023-11-01T00:00:00Z")
        #expect(inside.state == .active && inside.inIntroOffer && !inside.inTrial)
        #expect(try Self.state("pass.premium", receipt, "2023-11-19T01:45:36Z").state == .expired)
    }

    /// Periods that start in the same second (copies made within it) are ordered by their end, then their
    /// transaction id, not by where they are listed: the period in force, and whether it is a trial, are the
    /// same in every order.
    @Test func periodsStartingAtOnceHaveOneOrder() throws {
        let start = try Support.date("2026-11-15T00:00:00Z")
        func period(_ id: String, ends: String, trial: Bool) throws -> InAppPurchase {
            InAppPurchase(
                productID: "pro.monthly", transactionID: id, purchaseDate: start, expiresDate: try Support.date(ends),
                isTrialPeriod: trial)
        }
        let purchases = [
            try period("1002", ends: "2026-12-15T00:00:00Z", trial: false),
            try period("1001", ends: "2026-12-15T00:00:00Z", trial: true),
            try period("1003", ends: "2026-12-14T00:00:00Z", trial: true),
        ]
        let time = try Support.date("2026-11-22T00:00:00Z")
        for order in [purchases, purchases.reversed(), [purchases[1], purchases[0], purchases[2]]] {
            let status = SubscriptionStatus.status(
                of: "pro.monthly", in: order.map { PurchaseFacts($0) }, at: time, reminderDays: 2)
            #expect(status.periods.map(\.transactionID) == ["1003", "1001", "1002"])
            #expect(status.currentPeriod?.transactionID == "1002" && !status.inTrial, "\(status)")
        }
    }

    /// The corpus has no refunds, so one of tpinapp-11's real periods is given a cancellation date.
    @Test func refundEndsThePeriodAtTheCancellation() throws {
        guard var receipt = try Support.receipt("tpinapp-11") else { return }
        guard
            let index = receipt.inApp.firstIndex(where: {
                $0.purchaseDate == (try? RFC3339.parse("2023-09-19T23:26:23Z"))
            })
        else {
            Issue.record("tpinapp-11 lacks its 2023-09-19 period")
            return
        }
        receipt.inApp[index].cancellationDate = try Support.date("2023-10-01T00:00:00Z")
        let product = "org.getpure.pure.Month"
        #expect(try Self.state(product, receipt, "2023-09-30T23:59:59Z").state == .active)
        let refunded = try Self.state(product, receipt, "2023-10-01T00:00:00Z")
        #expect(refunded.state == .refunded)
        #expect(try Self.state(product, receipt, "2023-12-01T00:00:00Z").state == .refunded)
        let rule = try Support.rules("sub: subscription \"\(product)\" active")
        #expect(
            rule.evaluate(receipt: receipt, at: try Support.date("2023-10-05T00:00:00Z"), platform: nil).first?.reasons
                == [
                    "subscription \"org.getpure.pure.Month\" refunded at 2023-10-01T00:00:00Z, before 2023-10-05T00:00:00Z"
                ])
    }
}

extension SubscriptionStatus {
    /// The status of one product of a receipt at `time`.
    fileprivate static func status(of product: String, in receipt: ParsedReceipt, at time: Date, reminderDays: Int)
        -> SubscriptionStatus
    {
        status(of: product, in: PurchaseFactList(records: receipt.purchases), at: time, reminderDays: reminderDays)
    }
}

extension SubscriptionStatus.Period {
    /// The periods of a product of a receipt.
    fileprivate static func periods(of product: String, in receipt: ParsedReceipt) -> [SubscriptionStatus.Period] {
        periods(of: product, in: PurchaseFactList(records: receipt.purchases))
    }
}
