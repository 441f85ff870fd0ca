#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension EntitlementFacts {
    /// Whether these facts say something of the app's own purchase (grandfathering reads it).
    var hasAppFacts: Bool {
        source == .receipt || source == .appTransaction || applicationVersion != nil
            || originalApplicationVersion != nil || originalPurchaseDate != nil
    }

    /// Several verified inputs' facts as one: the latest copy of the app's purchase, of every transaction
    /// and renewal info. `CombinedInputs` proves they belong together first, so `customerMismatch` is dropped.
    init?(combining parts: [EntitlementFacts]) {
        guard let first = parts.first else { return nil }
        self.init(source: .combined, bundleID: first.bundleID, environment: first.environment)
        // Reserved at once: growing by doubling would hold two arrays at once for millions of purchases.
        purchaseSnapshots.reserveCapacity(parts.reduce(0) { $0 + $1.purchases.count })
        for part in parts {
            absorb(part)
        }
        customerMismatch = nil
        keepLatestCopies()
        source = parts.filter(\.hasAppFacts).max(by: Self.appFactsPrecede)?.source ?? .combined
    }

    /// Takes what `other` adds: its app facts when later, all its purchases and renewals with their dates.
    mutating func absorb(_ other: EntitlementFacts) {
        // A refund of the app purchase seen in any copy stands, whichever copy is the latest.
        let revoked = [appRevocationDate, other.appRevocationDate].compactMap { $0 }.min()
        if other.hasAppFacts, !hasAppFacts || Self.appFactsPrecede(self, other) {
            applicationVersion = other.applicationVersion
            originalApplicationVersion = other.originalApplicationVersion
            originalPurchaseDate = other.originalPurchaseDate
            receiptCreationDate = other.receiptCreationDate
            receiptType = other.receiptType
            preorderDate = other.preorderDate
            originalPlatform = other.originalPlatform
            receiptExpirationDate = other.receiptExpirationDate
            appSnapshotDate = other.appSnapshotDate
            appRevocationDate = other.appRevocationDate
        }
        appRevocationDate = revoked
        bundleID = bundleID ?? other.bundleID
        if environment == .unknown {
            environment = other.environment
        }
        if !other.purchases.isEmpty {
            if purchaseSnapshots.isEmpty {
                // Empty: every purchase so far is of one copy, dated `snapshotDate`.
                purchaseSnapshots.append(contentsOf: repeatElement(snapshotDate, count: purchases.count))
            }
            purchaseSnapshots.append(contentsOf: other.purchases.indices.lazy.map(other.snapshot(ofPurchaseAt:)))
            purchases.append(contentsOf: other.purchases)
        }
        snapshotDate = [snapshotDate, other.snapshotDate].compactMap { $0 }.max()
        renewals += other.renewals
        customerMismatch = customerMismatch ?? other.customerMismatch
    }

    /// Whether `earlier`'s app facts give way: an older copy does; at a tie the lower original version does.
    static func appFactsPrecede(_ earlier: EntitlementFacts, _ later: EntitlementFacts) -> Bool {
        let dates = (earlier.appSnapshotDate ?? .distantPast, later.appSnapshotDate ?? .distantPast)
        guard dates.0 == dates.1 else { return dates.0 < dates.1 }
        return Array((earlier.originalApplicationVersion ?? "").utf8)
            .lexicographicallyPrecedes(Array((later.originalApplicationVersion ?? "").utf8))
    }

    /// One copy per transaction and per renewal info, kept as positions: the latest signed decides, and a
    /// refund or upgrade seen in any copy stands.
    mutating func keepLatestCopies() {
        var kept: [Int] = []
        var merged: [Int: PurchaseFacts] = [:]
        var dates: [Date?] = []
        var position: [String: Int] = [:]
        // At most one of each a purchase: pages reserved and never written are never resident.
        kept.reserveCapacity(purchases.count)
        dates.reserveCapacity(purchases.count)
        for (index, purchase) in purchases.enumerated() {
            let date = snapshot(ofPurchaseAt: index)
            guard let id = purchase.transactionID else {
                kept.append(index)
                dates.append(date)
                continue
            }
            guard let at = position[id] else {
                position[id] = kept.count
                kept.append(index)
                dates.append(date)
                continue
            }
            let current = merged[at] ?? purchases[kept[at]]
            let laterWins = Self.isLater(date, purchase, than: dates[at], current)
            let (winner, loser) = laterWins ? (purchase, current) : (current, purchase)
            merged[at] = Self.merged(winner, keeping: loser)
            dates[at] = laterWins ? date : dates[at]
        }
        purchases = purchases.selecting(kept, replacing: merged)
        // Copies all of the input's own date need no dates of their own.
        purchaseSnapshots = dates.allSatisfy { $0 == snapshotDate } ? [] : dates
        var renewalPosition: [String: Int] = [:]
        var latestRenewals: [RenewalState] = []
        for renewal in renewals {
            guard let id = renewal.originalTransactionID else {
                latestRenewals.append(renewal)
                continue
            }
            guard let at = renewalPosition[id] else {
                renewalPosition[id] = latestRenewals.count
                latestRenewals.append(renewal)
                continue
            }
            let (mine, current) = (
                renewal.snapshotDate ?? .distantPast, latestRenewals[at].snapshotDate ?? .distantPast
            )
            let sooner =
                (renewal.gracePeriodExpires ?? .distantFuture)
                < (latestRenewals[at].gracePeriodExpires ?? .distantFuture)
            if mine > current || (mine == current && sooner) {
                latestRenewals[at] = renewal
            }
        }
        renewals = latestRenewals
    }

    /// Whether copy `a` is later than `b`; at a tie, the one granting less, so input order never matters.
    private static func isLater(_ date: Date?, _ a: PurchaseFacts, than other: Date?, _ b: PurchaseFacts) -> Bool {
        let (mine, theirs) = (date ?? .distantPast, other ?? .distantPast)
        guard mine == theirs else { return mine > theirs }
        if (a.cancellationDate != nil) != (b.cancellationDate != nil) { return a.cancellationDate != nil }
        if (a.isUpgraded == true) != (b.isUpgraded == true) { return a.isUpgraded == true }
        return (a.expiresDate ?? .distantFuture) < (b.expiresDate ?? .distantFuture)
    }

    /// The latest copy, with a refund or upgrade an older copy showed: neither is ever undone.
    private static func merged(_ latest: PurchaseFacts, keeping older: PurchaseFacts) -> PurchaseFacts {
        var purchase = latest
        if purchase.cancellationDate == nil, let cancelled = older.cancellationDate {
            purchase.record.cancellationDate = cancelled
            purchase.revocationType = older.revocationType
            purchase.revocationPercentage = older.revocationPercentage
        }
        if older.isUpgraded == true {
            purchase.isUpgraded = true
        }
        return purchase
    }
}
