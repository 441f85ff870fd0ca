#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
extension SubscriptionStatus {
    /// One paid-for (or trial) stretch of a subscription: an in-app purchase with an expires date.
    public struct Period: Sendable, Equatable {
        /// When the period began (its purchase date).
        public let start: Date
        /// When it expires.
        public let end: Date
        /// When it was refunded or cancelled by Apple support, if it was.
        public let cancellation: Date?
        /// Whether it was a free trial.
        public let isTrial: Bool
        /// Whether it was an introductory-price period.
        public let isIntroOffer: Bool
        /// The transaction that paid for it.
        public let transactionID: String?
        /// The transaction was upgraded to another subscription: Apple says to provide no service for it.
        public var isUpgraded = false
        /// How the period's transaction was revoked, when a StoreKit 2 transaction says (`FAMILY_REVOKE`...).
        public var revocationType: AppStoreValue<RevocationType>?

        /// How far after the evaluation time a purchase still counts as made: the two clocks disagree by seconds.
        public static let allowedClockSkew: TimeInterval = 300

        /// Whether the period grants access at `time`: started, not yet expired, not cancelled by then.
        public func isActive(at time: Date) -> Bool {
            start <= time.addingTimeInterval(Self.allowedClockSkew) && time < end && !isCancelled(by: time)
                && !isUpgraded
        }

        /// Whether it was refunded or cancelled at or before `time`.
        public func isCancelled(by time: Date) -> Bool { cancellation.map { $0 <= time } ?? false }

        /// The periods of a product in purchase order; purchases without a purchase or expires date are none.
        static func periods(of product: String, in purchases: some Collection<PurchaseFacts>) -> [Period] {
            purchases.compactMap { purchase -> SubscriptionStatus.Period? in
                guard String.identical(purchase.productID, product), let start = purchase.purchaseDate,
                    let end = purchase.expiresDate
                else { return nil }
                var period = SubscriptionStatus.Period(
                    start: start, end: end, cancellation: purchase.cancellationDate,
                    isTrial: purchase.isTrialPeriod == true,
                    isIntroOffer: purchase.isInIntroOfferPeriod == true, transactionID: purchase.transactionID)
                period.isUpgraded = purchase.isUpgraded == true
                period.revocationType = purchase.revocationType
                return period
            }.sorted(by: Self.precedes)
        }

        /// Purchase order, total: periods that start at once are ordered by end and transaction id, not input order.
        static func precedes(_ a: Period, _ b: Period) -> Bool {
            guard a.start == b.start else { return a.start < b.start }
            guard a.end == b.end else { return a.end < b.end }
            return (a.transactionID ?? "").utf8.lexicographicallyPrecedes((b.transactionID ?? "").utf8)
        }

        /// The periods that contain `time`, or failing those, that start within the clock skew after it.
        static func covering(_ periods: [Period], at time: Date) -> [Period] {
            let started = time.addingTimeInterval(allowedClockSkew)
            let containing = periods.filter { $0.start <= time && time < $0.end }
            return containing.isEmpty ? periods.filter { $0.start <= started && time < $0.end } : containing
        }
    }
}
