extension NotificationPayload {
    /// A subscription's status in a notification's `data` (Apple's `status`).
    public enum SubscriptionState: AppStoreEnumeration {
        /// 1: active.
        case active
        /// 2: expired.
        case expired
        /// 3: in the billing retry period.
        case billingRetry
        /// 4: in the billing grace period.
        case billingGracePeriod
        /// 5: revoked.
        case revoked
        /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
        /// documented value.
        case other(Int64)

        /// Every documented value, in Apple's order.
        public static let documented: [NotificationPayload.SubscriptionState] = [
            .active, .expired, .billingRetry, .billingGracePeriod, .revoked,
        ]

        /// The value as Apple writes it.
        public var rawValue: Int64 {
            switch self {
            case .active: 1
            case .expired: 2
            case .billingRetry: 3
            case .billingGracePeriod: 4
            case .revoked: 5
            case .other(let value): value
            }
        }
    }
}
