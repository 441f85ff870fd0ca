import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The days a free-trial paywall shows.
@Suite struct TrialTimelineTests {
    static let start = Date(timeIntervalSince1970: 1_714_521_600)  // 2024-05-01T00:00:00Z
    static let day = 86_400.0

    /// (trial days, reminder lead, reminder day after the start or nil).
    static let cases: [(Int, Int, Int?)] = [
        (7, 2, 5), (14, 3, 11), (3, 2, 1), (2, 2, nil), (1, 2, nil), (7, 0, nil), (30, 29, 1), (30, 30, nil),
    ]

    @Test(arguments: cases) func reminderIsLeftOutWhenTheTrialIsTooShortOrTheLeadIsZero(
        days: Int, lead: Int, reminder: Int?
    ) {
        let offer = TrialTimeline.offer(at: Self.start, days: days, reminderDays: lead)
        #expect(offer.start == Self.start)
        #expect(offer.end == Self.start.addingTimeInterval(Double(days) * Self.day))
        #expect(offer.reminder == reminder.map { Self.start.addingTimeInterval(Double($0) * Self.day) })
    }

    @Test func noReminderWhenNothingWillConvert() {
        let trial = TrialTimeline(
            start: Self.start, end: Self.start.addingTimeInterval(7 * Self.day), reminderDays: 2, remind: false)
        #expect(trial.reminder == nil)
    }

    /// A subscription in its free trial carries the timeline; after the trial, none.
    @Test func aSubscriptionInItsTrialHasTheTimeline() throws {
        let purchase = InAppPurchase(
            quantity: 1, productID: "com.example.monthly", transactionID: "1", purchaseDate: Self.start,
            originalTransactionID: "1", originalPurchaseDate: Self.start,
            expiresDate: Self.start.addingTimeInterval(7 * Self.day), isTrialPeriod: true)
        let during = SubscriptionStatus.status(
            of: "com.example.monthly", in: [PurchaseFacts(purchase)], at: Self.start.addingTimeInterval(Self.day),
            reminderDays: 2)
        #expect(
            during.trialTimeline
                == TrialTimeline(start: Self.start, end: Self.start.addingTimeInterval(7 * Self.day), reminderDays: 2))
        #expect(during.trialTimeline?.reminder == Self.start.addingTimeInterval(5 * Self.day))
        let after = SubscriptionStatus.status(
            of: "com.example.monthly", in: [PurchaseFacts(purchase)], at: Self.start.addingTimeInterval(8 * Self.day),
            reminderDays: 2)
        #expect(after.trialTimeline == nil)
    }
}
