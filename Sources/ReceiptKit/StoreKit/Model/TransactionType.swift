/// A transaction's `type`: the kind of product, which decides what `product` or `subscription` may grant.
public enum TransactionType: String, AppStoreEnumeration {
    /// A subscription that renews automatically until the customer turns renewal off.
    case autoRenewable = "Auto-Renewable Subscription"
    /// Bought once and kept: a feature or content the customer owns.
    case nonConsumable = "Non-Consumable"
    /// Used up and bought again: credits, lives, a one-off service.
    case consumable = "Consumable"
    /// A subscription for a set period that the customer buys again by hand.
    case nonRenewing = "Non-Renewing Subscription"
}
