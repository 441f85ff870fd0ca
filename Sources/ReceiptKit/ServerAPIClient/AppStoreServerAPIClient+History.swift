extension AppStoreServerAPIClient {
    /// Get Transaction History, every page: requested one after another (the same filters, each with
    /// the revision the page before gave) until a page says it has no more, then verified as one
    /// HistoryResponse holding every page's transactions. At most `maximumPages` pages (twenty
    /// transactions each) are read: a server that never says "no more" ends with an error.
    public func transactionHistory(
        transactionID: String, filter: TransactionHistoryFilter = .init(),
        version: AppStoreServerAPIRequest.TransactionHistoryVersion = .v2, rules: RuleConfiguration? = nil,
        maximumPages: Int = 500
    ) async throws(AppStoreServerAPIError) -> AppStoreServerAPIResponse {
        var pages = HistoryPages()
        var revision: String?
        var attempts = 0
        var status = 200
        for _ in 0..<max(1, maximumPages) {
            let request = try AppStoreServerAPIRequest.getTransactionHistory(
                transactionID: transactionID, revision: revision, filter: filter, version: version)
            let (response, tries) = try await exchange(request)
            attempts += tries
            status = response.status
            guard let next = try pages.add(response.body) else {
                return try verified(
                    .getTransactionHistory, status: status, body: try pages.body(), attempts: attempts, rules: rules)
            }
            revision = next
        }
        throw AppStoreServerAPIError(
            .invalidResponse,
            "get-transaction-history: still more after \(maximumPages) pages; ask for one page with a revision")
    }
}
