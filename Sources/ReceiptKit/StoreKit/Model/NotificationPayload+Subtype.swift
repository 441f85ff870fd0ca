extension NotificationPayload {
    /// The detail of a notification's type (Apple's `subtype`), when it has one.
    public enum Subtype: String, AppStoreEnumeration {
        /// The customer accepted a price increase that needed their consent.
        case accepted = "ACCEPTED"
        /// An external purchase token is still active: report its transactions.
        case activeTokenReminder = "ACTIVE_TOKEN_REMINDER"
        /// The customer or the App Store turned automatic renewal off.
        case autoRenewDisabled = "AUTO_RENEW_DISABLED"
        /// The customer turned automatic renewal back on.
        case autoRenewEnabled = "AUTO_RENEW_ENABLED"
        /// A renewal that had failed to bill succeeded.
        case billingRecovery = "BILLING_RECOVERY"
        /// The subscription expired after the billing retry period ended.
        case billingRetry = "BILLING_RETRY"
        /// An external purchase token was created.
        case created = "CREATED"
        /// The customer downgraded, effective at the next renewal.
        case downgrade = "DOWNGRADE"
        /// A renewal extension for this subscription failed.
        case failure = "FAILURE"
        /// Billing failed and the subscription is in its grace period.
        case gracePeriod = "GRACE_PERIOD"
        /// The customer bought the subscription for the first time, or through Family Sharing.
        case initialBuy = "INITIAL_BUY"
        /// A price increase awaits the customer's consent.
        case pending = "PENDING"
        /// The system told the customer of a price increase.
        case priceIncrease = "PRICE_INCREASE"
        /// The subscription expired because the product was not for sale at renewal.
        case productNotForSale = "PRODUCT_NOT_FOR_SALE"
        /// The customer subscribed again after the subscription expired.
        case resubscribe = "RESUBSCRIBE"
        /// A renewal extension for all eligible subscribers finished.
        case summary = "SUMMARY"
        /// An external purchase token had no transactions reported.
        case unreported = "UNREPORTED"
        /// The customer upgraded, effective at once.
        case upgrade = "UPGRADE"
        /// The subscription expired after the customer turned renewal off.
        case voluntary = "VOLUNTARY"
    }
}
