/// Whether a subscription's price increase waits for the customer (Apple's `priceIncreaseStatus`).
public enum PriceIncreaseStatus: Int64, AppStoreEnumeration {
    /// The customer has not answered a price increase that needs consent.
    case customerHasNotResponded = 0
    /// The customer agreed, or was told of an increase that needs no consent.
    case customerConsentedOrWasNotified = 1
}
