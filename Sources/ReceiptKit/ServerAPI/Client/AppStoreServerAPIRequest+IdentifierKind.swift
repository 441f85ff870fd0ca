extension AppStoreServerAPIRequest {
    /// What the identifier a request names is, as far as the answer is held to it: a transaction's, or
    /// the customer's app transaction's. Apple takes either in the same path (API 1.20, `anyTransactionId`)
    /// and cannot tell the caller which it read, so the caller says it.
    public enum IdentifierKind: String, Sendable, CaseIterable {
        /// A `transactionId` or an `originalTransactionId` (the default): a whole history must hold that
        /// transaction (or, for a history, one of its app transaction), a transaction info must be it.
        case transaction
        /// An `appTransactionId`: every answer that names a customer must name this one, in what Apple
        /// signs, and an answer that names nobody (empty) decides nothing.
        case appTransaction = "app-transaction"

        /// Only the operations Apple documents as taking an `anyTransactionId` take an app transaction's.
        public static func accepted(by operation: AppStoreServerAPIOperation) -> [Self] {
            switch operation {
            case .getTransactionHistory, .getAllSubscriptionStatuses, .getAppTransactionInfo, .getRefundHistory:
                allCases
            default:
                [.transaction]
            }
        }
    }
}
