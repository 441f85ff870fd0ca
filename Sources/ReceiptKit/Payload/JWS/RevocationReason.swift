/// Why the App Store refunded or revoked a transaction or an app purchase (Apple's `revocationReason`).
public enum RevocationReason: AppStoreEnumeration {
    /// 0: another reason, a Family Sharing revocation included.
    case refundedForOtherReason
    /// 1: an actual or perceived issue in the app.
    case refundedDueToIssue
    /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
    /// documented value.
    case other(Int64)

    /// Every documented value, in Apple's order.
    public static let documented: [RevocationReason] = [.refundedForOtherReason, .refundedDueToIssue]

    /// The value as Apple writes it.
    public var rawValue: Int64 {
        switch self {
        case .refundedForOtherReason: 0
        case .refundedDueToIssue: 1
        case .other(let value): value
        }
    }
}
