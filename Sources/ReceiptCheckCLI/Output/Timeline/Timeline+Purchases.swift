import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Timeline {
    /// One purchase as the timeline reads it: a receipt's in-app purchase or a StoreKit 2 transaction.
    struct Purchase: Sendable {
        let product: String
        let start: Date
        /// nil for a purchase that does not expire (one-time).
        let end: Date?
        let stretch: Stretch
        /// When it was refunded, revoked or (with `upgraded`) upgraded away from.
        let cancelled: Date?
        let upgraded: Bool

        static let unnamed = "(no product id)"
    }
}

extension Timeline.Purchase {
    /// A receipt's in-app purchase, nil without a purchase date.
    init?(_ purchase: InAppPurchase) {
        guard let start = purchase.purchaseDate else { return nil }
        self.product = purchase.productID ?? Self.unnamed
        self.start = start
        self.end = purchase.expiresDate
        self.stretch =
            purchase.isTrialPeriod == true
            ? .freeTrial
            : purchase.isInIntroOfferPeriod == true
                ? .introductory : purchase.promotionalOfferID == nil ? .paid : .promotional
        self.cancelled = purchase.cancellationDate
        // Only a StoreKit 2 transaction says a purchase was upgraded; a receipt never does.
        self.upgraded = false
    }

    /// A StoreKit 2 transaction, nil without a purchase date.
    init?(_ transaction: JWSTransaction) {
        guard let start = transaction.purchaseDate?.date else { return nil }
        self.product = transaction.productId ?? Self.unnamed
        self.start = start
        self.end = transaction.expiresDate?.date
        self.stretch = Self.stretch(transaction.offerType, transaction.offerDiscountType)
        self.cancelled = transaction.revocationDate?.date
        self.upgraded = transaction.isUpgraded == true
    }

    /// Apple's offer types: 1 introductory (a free trial if FREE_TRIAL), 2 promotional, 3 offer code, 4 win-back.
    private static func stretch(
        _ type: AppStoreValue<OfferType>?, _ discount: AppStoreValue<OfferDiscountType>?
    ) -> Timeline.Stretch {
        switch type?.known {
        case .introductory: discount?.known == .freeTrial ? .freeTrial : .introductory
        case .promotional: .promotional
        case .offerCode: .offerCode
        case .winBack: .winBack
        case nil: .paid
        }
    }
}

extension Timeline {
    /// Rows by product in order of appearance, each by date: a period starting within a minute of the last one's
    /// end is a renewal, the last end the expiry; `reminders` (product to day) adds each trial's reminder.
    init(purchases: [Purchase], reminders: [String: Date], decision: Date?) {
        var index: [String: Int] = [:]
        var grouped: [[Purchase]] = []
        for purchase in purchases {
            if let row = index[purchase.product] {
                grouped[row].append(purchase)
            } else {
                index[purchase.product] = grouped.count
                grouped.append([purchase])
            }
        }
        rows = grouped.map { group in
            var row = Row(name: group[0].product)
            var previousEnd: Date?
            for purchase in group.sorted(by: { $0.start < $1.start }) {
                if let end = purchase.end {
                    row.periods.append(Period(start: purchase.start, end: end, stretch: purchase.stretch))
                    let renewed = previousEnd.map { abs($0.timeIntervalSince(purchase.start)) < 60 } ?? false
                    row.marks.append(Mark(date: purchase.start, event: renewed ? .renewal : .purchase))
                    previousEnd = end
                } else {
                    row.marks.append(Mark(date: purchase.start, event: .oneTimePurchase))
                }
                if let cancelled = purchase.cancelled {
                    row.marks.append(Mark(date: cancelled, event: purchase.upgraded ? .upgrade : .refund))
                }
            }
            if let end = previousEnd {
                row.marks.append(Mark(date: end, event: .expiry))
            }
            if let reminder = reminders[row.name] {
                row.marks.append(Mark(date: reminder, event: .trialReminder))
            }
            return row
        }
        self.decision = decision
    }

    /// A receipt's purchases (those with a purchase date), in the receipt's order.
    init(receipt: ParsedReceipt, reminders: [String: Date], decision: Date?) {
        self.init(purchases: receipt.purchases.compactMap(Purchase.init), reminders: reminders, decision: decision)
    }

    /// Each subscription's trial reminder day, as the rules computed it.
    static func reminders(_ results: RuleResults?) -> [String: Date] {
        var reminders: [String: Date] = [:]
        for status in results?.subscriptions ?? [] {
            if let reminder = status.trialTimeline?.reminder { reminders[status.productID] = reminder }
        }
        return reminders
    }
}
