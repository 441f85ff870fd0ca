extension NotificationPayload {
    /// The detail of a notification's type (Apple's `subtype`), when it has one.
    public enum Subtype: AppStoreEnumeration {
        /// `ACCEPTED`.
        case accepted
        /// `ACTIVE_TOKEN_REMINDER`.
        case activeTokenReminder
        /// `AUTO_RENEW_DISABLED`.
        case autoRenewDisabled
        /// `AUTO_RENEW_ENABLED`.
        case autoRenewEnabled
        /// `BILLING_RECOVERY`.
        case billingRecovery
        /// `BILLING_RETRY`.
        case billingRetry
        /// `CREATED`.
        case created
        /// `DOWNGRADE`.
        case downgrade
        /// `FAILURE`.
        case failure
        /// `GRACE_PERIOD`.
        case gracePeriod
        /// `INITIAL_BUY`.
        case initialBuy
        /// `PENDING`.
        case pending
        /// `PRICE_INCREASE`.
        case priceIncrease
        /// `PRODUCT_NOT_FOR_SALE`.
        case productNotForSale
        /// `RESUBSCRIBE`.
        case resubscribe
        /// `SUMMARY`.
        case summary
        /// `UNREPORTED`.
        case unreported
        /// `UPGRADE`.
        case upgrade
        /// `VOLUNTARY`.
        case voluntary
        /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
        /// documented value.
        case other(String)

        /// Every documented value.
        public static let documented: [NotificationPayload.Subtype] = [
            .accepted, .activeTokenReminder, .autoRenewDisabled, .autoRenewEnabled, .billingRecovery, .billingRetry,
            .created, .downgrade, .failure, .gracePeriod, .initialBuy, .pending, .priceIncrease, .productNotForSale,
            .resubscribe, .summary, .unreported, .upgrade, .voluntary,
        ]

        /// The value as Apple writes it.
        public var rawValue: String {
            switch self {
            case .accepted: "ACCEPTED"
            case .activeTokenReminder: "ACTIVE_TOKEN_REMINDER"
            case .autoRenewDisabled: "AUTO_RENEW_DISABLED"
            case .autoRenewEnabled: "AUTO_RENEW_ENABLED"
            case .billingRecovery: "BILLING_RECOVERY"
            case .billingRetry: "BILLING_RETRY"
            case .created: "CREATED"
            case .downgrade: "DOWNGRADE"
            case .failure: "FAILURE"
            case .gracePeriod: "GRACE_PERIOD"
            case .initialBuy: "INITIAL_BUY"
            case .pending: "PENDING"
            case .priceIncrease: "PRICE_INCREASE"
            case .productNotForSale: "PRODUCT_NOT_FOR_SALE"
            case .resubscribe: "RESUBSCRIBE"
            case .summary: "SUMMARY"
            case .unreported: "UNREPORTED"
            case .upgrade: "UPGRADE"
            case .voluntary: "VOLUNTARY"
            case .other(let value): value
            }
        }
    }
}
