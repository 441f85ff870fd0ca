extension NotificationPayload {
    /// Why a customer asked for a refund of a consumable (Apple's `consumptionRequestReason`).
    public enum ConsumptionRequestReason: String, AppStoreEnumeration {
        /// The customer did not mean to buy it.
        case unintendedPurchase = "UNINTENDED_PURCHASE"
        /// The customer did not receive it or could not use it.
        case fulfillmentIssue = "FULFILLMENT_ISSUE"
        /// The customer was not satisfied with it.
        case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
        /// A legal reason.
        case legal = "LEGAL"
        /// Another reason.
        case otherReason = "OTHER"
    }
}
