/// Why a subscription expired (Apple's `expirationIntent`).
public enum ExpirationIntent: Int64, AppStoreEnumeration {
    /// The customer cancelled it.
    case customerCancelled = 1
    /// A billing error.
    case billingError = 2
    /// The customer did not agree to a price increase.
    case customerDidNotConsentToPriceIncrease = 3
    /// The product was not available at renewal.
    case productNotAvailable = 4
    /// Another reason.
    case otherReason = 5
}
