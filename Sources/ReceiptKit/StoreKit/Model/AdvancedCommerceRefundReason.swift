/// Why an Advanced Commerce item was refunded (Apple's `AdvancedCommerceRefundReason`).
public enum AdvancedCommerceRefundReason: String, AppStoreEnumeration {
    /// The customer did not mean to buy it.
    case unintendedPurchase = "UNINTENDED_PURCHASE"
    /// The app did not deliver it.
    case fulfillmentIssue = "FULFILLMENT_ISSUE"
    /// The customer was not satisfied.
    case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
    /// For a legal reason.
    case legal = "LEGAL"
    /// Another reason.
    case other = "OTHER"
    /// A change to the items refunded part of the price.
    case modifyItemsRefund = "MODIFY_ITEMS_REFUND"
    /// A sandbox test of a declined refund.
    case simulateRefundDecline = "SIMULATE_REFUND_DECLINE"
}
