/// The Advanced Commerce API's server requests: `POST` under `/advancedCommerce/v1/`, the typed body
/// checked and written in Apple's order, with the App Store Server API's bearer token.
extension AppStoreServerAPIRequest {
    /// The request `body` asks for about `transactionID`; nothing is sent when a value breaks Apple's rules,
    /// and the answer must hold that transaction or one of its original transaction.
    public static func advancedCommerce<Body: AdvancedCommerceRequestBody>(transactionID: String, body: Body)
        throws(AppStoreServerAPIError) -> Self
    {
        guard !transactionID.isEmpty else {
            throw AppStoreServerAPIError(.invalidRequest, "the transaction id is empty")
        }
        let operation = Body.operation
        return Self(
            operation, "POST", [.fixed(try path(of: operation)), .value(transactionID)],
            body: try body.json().bytes, binding: .transaction(transactionID))
    }

    /// The request for `operation` with the caller's JSON `body`, read as that operation's typed body.
    public static func advancedCommerce(
        _ operation: AppStoreServerAPIOperation, transactionID: String, body: [UInt8]
    ) throws(AppStoreServerAPIError) -> Self {
        switch operation {
        case .cancelSubscription:
            try advancedCommerce(
                transactionID: transactionID, body: try AdvancedCommerceSubscriptionCancelRequest(bytes: body))
        case .changeSubscriptionMetadata:
            try advancedCommerce(
                transactionID: transactionID, body: try AdvancedCommerceSubscriptionChangeMetadataRequest(bytes: body))
        case .changeSubscriptionPrice:
            try advancedCommerce(
                transactionID: transactionID, body: try AdvancedCommerceSubscriptionPriceChangeRequest(bytes: body))
        case .migrateSubscription:
            try advancedCommerce(
                transactionID: transactionID, body: try AdvancedCommerceSubscriptionMigrateRequest(bytes: body))
        case .revokeSubscription:
            try advancedCommerce(
                transactionID: transactionID, body: try AdvancedCommerceSubscriptionRevokeRequest(bytes: body))
        case .requestTransactionRefund:
            try advancedCommerce(
                transactionID: transactionID, body: try AdvancedCommerceRequestRefundRequest(bytes: body))
        default:
            throw AppStoreServerAPIError(.invalidRequest, "\(operation.rawValue) is not an Advanced Commerce request")
        }
    }

    private static func path(of operation: AppStoreServerAPIOperation) throws(AppStoreServerAPIError) -> String {
        switch operation {
        case .cancelSubscription: "/advancedCommerce/v1/subscription/cancel"
        case .changeSubscriptionMetadata: "/advancedCommerce/v1/subscription/changeMetadata"
        case .changeSubscriptionPrice: "/advancedCommerce/v1/subscription/changePrice"
        case .migrateSubscription: "/advancedCommerce/v1/subscription/migrate"
        case .revokeSubscription: "/advancedCommerce/v1/subscription/revoke"
        case .requestTransactionRefund: "/advancedCommerce/v1/transaction/requestRefund"
        default:
            throw AppStoreServerAPIError(.invalidRequest, "\(operation.rawValue) is not an Advanced Commerce request")
        }
    }
}
