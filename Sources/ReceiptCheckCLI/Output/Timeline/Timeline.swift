#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A customer's purchases on one date axis, a row per product, computed once and drawn as text or SVG, so that
/// the two drawings cannot disagree.
struct Timeline: Sendable {
    enum Stretch: String, Sendable, CaseIterable {
        case paid = "paid period"
        case freeTrial = "free trial"
        case introductory = "introductory offer"
        case promotional = "promotional offer"
        case offerCode = "offer code"
        case winBack = "win-back offer"
        case gracePeriod = "grace period"
        case billingRetry = "billing retry"
        /// The trial a paywall offers a new customer (`--trial-days`), from the decision on.
        case offeredTrial = "offered free trial"
    }

    enum Event: String, Sendable, CaseIterable {
        case purchase
        case renewal
        case oneTimePurchase = "one-time purchase"
        case refund = "refund or revocation"
        case upgrade
        case expiry
        case trialReminder = "trial reminder"
    }

    struct Period: Sendable {
        let start: Date
        let end: Date
        let stretch: Stretch
    }

    struct Mark: Sendable {
        let date: Date
        let event: Event
    }

    /// One product: its periods in purchase order, then its marks in the order they were found.
    struct Row: Sendable {
        let name: String
        var periods: [Period] = []
        var marks: [Mark] = []

        /// Periods of one stretch that follow each other (each starting within a minute of the last
        /// one's end), as one run: a history of 644 monthly renewals is one bar and one line of facts.
        var runs: [(period: Period, count: Int)] {
            var runs: [(period: Period, count: Int)] = []
            for period in periods {
                if let last = runs.last, last.period.stretch == period.stretch,
                    abs(period.start.timeIntervalSince(last.period.end)) < 60
                {
                    runs[runs.count - 1] = (
                        Period(start: last.period.start, end: period.end, stretch: period.stretch), last.count + 1
                    )
                } else {
                    runs.append((period, 1))
                }
            }
            return runs
        }
    }

    /// The app's own first purchase (an app receipt's or AppTransaction's): the date, the first
    /// version or build, and each decision that read it (`first build 37 < 42: premium`).
    struct Original: Sendable {
        let date: Date?
        let firstBuild: String?
        let decisions: [String]
    }

    var rows: [Row] = []
    /// When the rules decided (`--now`), if they did.
    var decision: Date?
    var original: Original?

    /// Every period's and mark's dates but trial reminders': the text axis, which a reminder does not stretch.
    var eventDates: [Date] {
        rows.flatMap { row in
            row.periods.flatMap { [$0.start, $0.end] } + row.marks.filter { $0.event != .trialReminder }.map(\.date)
        }
    }

    /// The bounds of the dates the axis fits (not the app's first purchase, drawn past a break), in one walk with
    /// no array: a page may draw thousands of pictures.
    var focusBounds: (low: Date, high: Date)? {
        var low = Date.distantFuture
        var high = Date.distantPast
        var found = false
        func take(_ date: Date) {
            low = min(low, date)
            high = max(high, date)
            found = true
        }
        for row in rows {
            for period in row.periods {
                take(period.start)
                take(period.end)
            }
            for mark in row.marks { take(mark.date) }
        }
        if let decision { take(decision) }
        return found ? (low, high) : nil
    }

    /// An axis from the first to the last of `dates`, a day at least, so one purchase still has a width.
    struct Axis: Sendable {
        let first: Date
        let last: Date

        init?(_ dates: [Date]) {
            guard let first = dates.min(), let last = dates.max() else { return nil }
            self.first = first
            self.last = last
        }

        var span: TimeInterval { max(last.timeIntervalSince(first), 86_400) }

        func fraction(_ date: Date) -> Double {
            date.timeIntervalSince(first) / span
        }

        func contains(_ date: Date) -> Bool {
            date >= first && date <= last
        }
    }
}
