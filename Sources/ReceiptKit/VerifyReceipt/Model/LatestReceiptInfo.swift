#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `latest_receipt_info` as far as a receipt can tell it: its own purchases, oldest first, as Apple orders them.
enum LatestReceiptInfo {
    /// With `excludeOld`, only each subscription's latest transaction; other purchases stay.
    static func entries(_ purchases: [InAppPurchase], excludeOld: Bool) -> [InAppPurchase] {
        // The receipt's position breaks ties, so equal dates keep the receipt's order.
        let ordered = purchases.enumerated().sorted { left, right in
            let (a, b) = (left.element.purchaseDate ?? .distantPast, right.element.purchaseDate ?? .distantPast)
            return a != b ? a < b : left.offset < right.offset
        }
        guard excludeOld else { return ordered.map(\.element) }
        var latest: [String: Int] = [:]
        for (position, entry) in ordered.enumerated() where entry.element.expiresDate != nil {
            latest[subscription(of: entry.element)] = position
        }
        return ordered.enumerated().compactMap { position, entry in
            guard entry.element.expiresDate != nil else { return entry.element }
            return latest[subscription(of: entry.element)] == position ? entry.element : nil
        }
    }

    private static func subscription(of purchase: InAppPurchase) -> String {
        purchase.originalTransactionID ?? purchase.transactionID ?? ""
    }
}
