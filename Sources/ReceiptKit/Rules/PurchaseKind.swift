/// What kind of product a purchase is, as far as the input says.
package enum PurchaseKind: Sendable, Equatable {
    case autoRenewable
    case nonRenewing
    case consumable
    case nonConsumable
    /// A receipt entry without an expires date: receipts do not say which of the other kinds it is.
    case unknown
}

extension PurchaseFacts {
    /// From a transaction's `type`; for a receipt entry, an expires date (1708) or product type 3 (1707,
    /// undocumented) marks an auto-renewable one.
    package var kind: PurchaseKind {
        switch transaction.storeKitType {
        case .known(.autoRenewable): return .autoRenewable
        case .known(.nonRenewing): return .nonRenewing
        case .known(.consumable): return .consumable
        case .known(.nonConsumable): return .nonConsumable
        case .other, nil: return record.expiresDate != nil || record.productType == 3 ? .autoRenewable : .unknown
        }
    }
}
