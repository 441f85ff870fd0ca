extension NotificationPayload {
    /// Why a customer asked for a refund of a consumable (Apple's `consumptionRequestReason`).
    public enum ConsumptionRequestReason: AppStoreEnumeration {
        /// `UNINTENDED_PURCHASE`: the customer did not mean to buy it.
        case unintendedPurchase
        /// `FULFILLMENT_ISSUE`: the customer did not receive it or could not use it.
        case fulfillmentIssue
        /// `UNSATISFIED_WITH_PURCHASE`: the customer was not satisfied with it.
        case unsatisfiedWithPurchase
        /// `LEGAL`: a legal reason.
        case legal
        /// `OTHER`: another reason.
        case otherReason
        /// A value this version does not know, kept as it came; `init(rawValue:)` never makes one of a
        /// documented value.
        case other(String)

        /// Every documented value, in Apple's order.
        public static let documented: [NotificationPayload.ConsumptionRequestReason] = [
            .unintendedPurchase, .fulfillmentIssue, .unsatisfiedWithPurchase, .legal, .otherReason,
        ]

        /// The value as Apple writes it.
        public var rawValue: String {
            switch self {
            case .unintendedPurchase: "UNINTENDED_PURCHASE"
            case .fulfillmentIssue: "FULFILLMENT_ISSUE"
            case .unsatisfiedWithPurchase: "UNSATISFIED_WITH_PURCHASE"
            case .legal: "LEGAL"
            case .otherReason: "OTHER"
            case .other(let value): value
            }
        }
    }
}
