/// Why a transaction happened: the customer's purchase or a subscription's renewal (Apple's
/// `transactionReason`).
public enum TransactionReason: String, AppStoreEnumeration {
    /// The customer bought it (an upgrade too).
    case purchase = "PURCHASE"
    /// The App Store renewed a subscription (a downgrade too).
    case renewal = "RENEWAL"
}
