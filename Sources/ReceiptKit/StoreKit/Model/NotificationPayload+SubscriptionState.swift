extension NotificationPayload {
    /// A subscription's status in a notification's `data` (Apple's `status`).
    public enum SubscriptionState: Int64, AppStoreEnumeration {
        /// Active.
        case active = 1
        /// Expired.
        case expired = 2
        /// In the billing retry period.
        case billingRetry = 3
        /// In the billing grace period.
        case billingGracePeriod = 4
        /// Revoked.
        case revoked = 5
    }
}
