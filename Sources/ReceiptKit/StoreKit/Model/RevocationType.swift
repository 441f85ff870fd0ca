/// How the App Store refunded or revoked a transaction (`revocationType`, App Store Server API 1.19).
public enum RevocationType: String, AppStoreEnumeration {
    /// Refunded in full.
    case refundFull = "REFUND_FULL"
    /// Refunded in part; `revocationPercentage` says how much.
    case refundProrated = "REFUND_PRORATED"
    /// Family Sharing access ended; not a refund.
    case familyRevoke = "FAMILY_REVOKE"
}
