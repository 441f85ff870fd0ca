/// Why a transaction happened: a purchase or a renewal (`transactionReason`).
public enum TransactionReason: String, AppStoreEnumeration {
    /// The customer bought it (an upgrade too).
    case purchase = "PURCHASE"
    /// The App Store renewed a subscription (a downgrade too).
    case renewal = "RENEWAL"
}
