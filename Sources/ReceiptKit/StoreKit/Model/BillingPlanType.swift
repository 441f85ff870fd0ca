/// How a subscription with a commitment is billed (`billingPlanType`, `renewalBillingPlanType`).
public enum BillingPlanType: String, AppStoreEnumeration {
    /// The whole term at once.
    case billedUpfront = "BILLED_UPFRONT"
    /// Each month of the term.
    case monthly = "MONTHLY"
}
