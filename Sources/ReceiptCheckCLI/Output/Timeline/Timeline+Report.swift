import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Timeline {
    /// Everything a verdict's sources say on one axis: purchases and transactions as they come, grace periods and
    /// billing retries, the app's first purchase and the moment of the decision.
    init(_ sources: TimelineSources, decisions: RuleResults?) {
        let purchases =
            sources.receipts.flatMap { $0.purchases.compactMap(Purchase.init) }
            + sources.transactions.compactMap(Purchase.init)
        self.init(purchases: purchases, reminders: Self.reminders(decisions), decision: decisions?.time)
        for renewal in sources.renewals {
            add(renewal)
        }
        if let offer = decisions?.trialOffer {
            addOffer(offer)
        }
        let grandfathering = Self.grandfathering(decisions?.entitlements ?? [])
        if let receipt = sources.receipts.first(where: {
            $0.originalPurchaseDate != nil || $0.originalApplicationVersion != nil
        }) {
            original = Original(
                date: receipt.originalPurchaseDate, firstBuild: receipt.originalApplicationVersion,
                decisions: grandfathering)
        } else if let app = sources.appTransactions.first {
            original = Original(
                date: app.originalPurchaseDate?.date, firstBuild: app.originalApplicationVersion,
                decisions: grandfathering)
        }
    }

    /// The row of a new customer's offered trial: its days and its reminder, as the text report lists them.
    private mutating func addOffer(_ offer: TrialTimeline) {
        var row = Row(name: Self.offerRow)
        row.periods.append(Period(start: offer.start, end: offer.end, stretch: .offeredTrial))
        if let reminder = offer.reminder {
            row.marks.append(Mark(date: reminder, event: .trialReminder))
        }
        rows.append(row)
    }

    static let offerRow = "free trial offered"

    /// Grace period from the last expiry to its end; billing retry from there to the decision (Apple keeps trying).
    private mutating func add(_ renewal: JWSRenewalInfo) {
        let product = renewal.productId ?? Purchase.unnamed
        let grace = renewal.gracePeriodExpiresDate?.date
        guard grace != nil || renewal.isInBillingRetryPeriod == true else { return }
        let index: Int
        if let found = rows.firstIndex(where: { $0.name == product }) {
            index = found
        } else {
            index = rows.count
            rows.append(Row(name: product))
        }
        let lastEnd = rows[index].periods.map(\.end).max()
        var retryStart = lastEnd
        if let grace {
            rows[index].periods.append(Period(start: min(lastEnd ?? grace, grace), end: grace, stretch: .gracePeriod))
            retryStart = grace
        }
        if renewal.isInBillingRetryPeriod == true, let start = retryStart {
            rows[index].periods.append(Period(start: start, end: max(start, decision ?? start), stretch: .billingRetry))
        }
    }

    /// What follows the first `label` in `text`, found by bytes: one search needs no pattern machinery.
    private static func after(_ label: String, in text: String) -> Substring? {
        let needle = Array(label.utf8)
        let bytes = text.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index...].starts(with: needle) {
                return text[bytes.index(index, offsetBy: needle.count)...]
            }
            index = bytes.index(after: index)
        }
        return nil
    }

    /// Each decision's reasons that read the first version: `first build 37 < 42: premium`.
    private static func grandfathering(_ decisions: [EntitlementDecision]) -> [String] {
        let label = "original application version "
        return decisions.flatMap { decision in
            // A reason from a rules file starts with its place (`rules.txt:3: `).
            decision.reasons.compactMap { reason -> String? in
                guard let comparison = after(label, in: reason) else { return nil }
                let outcome = decision.granted ? decision.name : decision.name + " (denied)"
                return "first build \(comparison): \(outcome)"
            }
        }
    }
}
