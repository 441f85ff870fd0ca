extension AppStoreServerAPIRequest {
    /// What the identifier a request names is: Apple takes a transaction's or an app transaction's in the same
    /// path (API 1.20, `anyTransactionId`) and cannot say which it read, so the caller says it.
    public enum IdentifierKind: String, Sendable, CaseIterable {
        /// A `transactionId` or an `originalTransactionId` (the default).
        case transaction
        /// An `appTransactionId`: every answer that names a customer must name this one.
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
