/// Why the App Store refunded or revoked a transaction or an app purchase (Apple's `revocationReason`).
public enum RevocationReason: Int64, AppStoreEnumeration {
    /// Another reason, a Family Sharing revocation included.
    case refundedForOtherReason = 0
    /// An actual or perceived issue in the app.
    case refundedDueToIssue = 1
}
