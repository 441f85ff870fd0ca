/// How the App Store refunded or revoked a transaction (Apple's `revocationType`, App Store Server API
/// 1.19).
public enum RevocationType: AppStoreEnumeration {
    /// `REFUND_FULL`: refunded in full.
    case refundFull
    /// `REFUND_PRORATED`: refunded in part; `revocationPercentage` says how much.
    case refundProrated
    /// `FAMILY_REVOKE`: Family Sharing access ended; not a refund.
    case familyRevoke
    /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
    /// documented value.
    case other(String)

    /// Every documented value, in Apple's order.
    public static let documented: [RevocationType] = [.refundFull, .refundProrated, .familyRevoke]

    /// The value as Apple writes it.
    public var rawValue: String {
        switch self {
        case .refundFull: "REFUND_FULL"
        case .refundProrated: "REFUND_PRORATED"
        case .familyRevoke: "FAMILY_REVOKE"
        case .other(let value): value
        }
    }
}
