#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension EntitlementFacts {
    /// Whether these facts say something of the app's own purchase (grandfathering reads it): a receipt's,
    /// an AppTransaction's, or a notification's or response's carrying one.
    var hasAppFacts: Bool {
        source == .receipt || source == .appTransaction || applicationVersion != nil
            || originalApplicationVersion != nil || originalPurchaseDate != nil
    }

    /// The facts of several verified inputs of one customer as one (a combined verdict): the app's purchase from
    /// the first input that has one (a receipt or AppTransaction), every transaction and renewal info of
    /// them all. Nil without parts. That the parts belong together is `CombinedInputs`' to prove first.
    init?(combining parts: [EntitlementFacts]) {
        guard let first = parts.first else { return nil }
        self.init(source: .combined, bundleID: first.bundleID, environment: first.environment)
        for part in parts {
            absorb(part)
        }
        source = parts.first(where: \.hasAppFacts)?.source ?? .combined
    }

    /// Takes what `other` adds: its app facts when these have none yet, all its purchases and renewals.
    /// Also how a notification takes what its nested JWS carry.
    mutating func absorb(_ other: EntitlementFacts) {
        if !hasAppFacts, other.hasAppFacts {
            applicationVersion = other.applicationVersion
            originalApplicationVersion = other.originalApplicationVersion
            originalPurchaseDate = other.originalPurchaseDate
            receiptCreationDate = other.receiptCreationDate
            appRevocationDate = other.appRevocationDate
            receiptType = other.receiptType
            preorderDate = other.preorderDate
            originalPlatform = other.originalPlatform
            receiptExpirationDate = other.receiptExpirationDate
        }
        bundleID = bundleID ?? other.bundleID
        if environment == .unknown {
            environment = other.environment
        }
        snapshotDate = [snapshotDate, other.snapshotDate].compactMap { $0 }.max()
        purchases += other.purchases
        renewals += other.renewals
        // One purchase of the customer's own outweighs a family member's share of another.
        if other.ownership == "PURCHASED" || ownership == nil {
            ownership = other.ownership ?? ownership
        }
    }
}
