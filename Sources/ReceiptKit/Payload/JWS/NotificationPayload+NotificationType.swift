extension NotificationPayload {
    /// The notification types and subtypes of App Store Server Notifications V2 this version knows
    /// (through 2026), so reports can say when Apple sends one it does not.
    public enum NotificationType {
        /// The notification types Apple documents.
        public static let types: Set<String> = [
            "CONSUMPTION_REQUEST", "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_STATUS", "DID_FAIL_TO_RENEW",
            "DID_RENEW", "EXPIRED", "EXTERNAL_PURCHASE_TOKEN", "GRACE_PERIOD_EXPIRED", "METADATA_UPDATE", "MIGRATION",
            "OFFER_REDEEMED", "ONE_TIME_CHARGE", "PRICE_CHANGE", "PRICE_INCREASE", "REFUND", "REFUND_DECLINED",
            "REFUND_REVERSED", "RENEWAL_EXTENDED", "RENEWAL_EXTENSION", "RESCIND_CONSENT", "REVOKE", "SUBSCRIBED",
            "TEST",
        ]

        /// The subtypes Apple documents.
        public static let subtypes: Set<String> = [
            "ACCEPTED", "ACTIVE_TOKEN_REMINDER", "AUTO_RENEW_DISABLED", "AUTO_RENEW_ENABLED", "BILLING_RECOVERY",
            "BILLING_RETRY", "CREATED", "DOWNGRADE", "FAILURE", "GRACE_PERIOD", "INITIAL_BUY", "PENDING",
            "PRICE_INCREASE",
            "PRODUCT_NOT_FOR_SALE", "RESUBSCRIBE", "SUMMARY", "UNREPORTED", "UPGRADE", "VOLUNTARY",
        ]

        /// `TYPE / SUBTYPE`, each marked when this version does not know it.
        public static func describe(type: String?, subtype: String?) -> String {
            var parts: [String] = []
            if let type { parts.append(types.contains(type) ? type : "\(type) (a type this version does not know)") }
            if let subtype {
                parts.append(subtypes.contains(subtype) ? subtype : "\(subtype) (a subtype this version does not know)")
            }
            return parts.joined(separator: " / ")
        }
    }
}
