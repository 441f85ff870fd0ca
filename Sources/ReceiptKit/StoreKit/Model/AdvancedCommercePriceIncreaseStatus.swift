/// Where a price increase of an Advanced Commerce item stands (`AdvancedCommercePriceIncreaseInfoStatus`).
public enum AdvancedCommercePriceIncreaseStatus: String, AppStoreEnumeration {
    /// Announced, not yet in effect.
    case scheduled = "SCHEDULED"
    /// Waiting for the customer's consent.
    case pending = "PENDING"
    /// The customer consented.
    case accepted = "ACCEPTED"
}
