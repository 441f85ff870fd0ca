/// How a subscription with a commitment is billed (Apple's `billingPlanType` and
/// `renewalBillingPlanType`).
public enum BillingPlanType: AppStoreEnumeration {
    /// `BILLED_UPFRONT`: the whole term at once.
    case billedUpfront
    /// `MONTHLY`: each month of the term.
    case monthly
    /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
    /// documented value.
    case other(String)

    /// Every documented value, in Apple's order.
    public static let documented: [BillingPlanType] = [.billedUpfront, .monthly]

    /// The value as Apple writes it.
    public var rawValue: String {
        switch self {
        case .billedUpfront: "BILLED_UPFRONT"
        case .monthly: "MONTHLY"
        case .other(let value): value
        }
    }
}
