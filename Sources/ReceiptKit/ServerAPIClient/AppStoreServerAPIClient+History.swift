extension AppStoreServerAPIClient {
    /// 64 MiB: 500 pages of twenty of Apple's transactions (about 5 kB each) fit, with room.
    public static let defaultHistoryBytes = 64 << 20

    /// Get Transaction History, every page: requested one after another (the same filters, each with
    /// the revision the page before gave) until a page says it has no more, then verified as one
    /// HistoryResponse holding every page's transactions. At most `maximumPages` pages (twenty
    /// transactions each) and `maximumBytes` in all are read, under one deadline (``operationTimeout``
    /// from now when nil): a server that never says "no more", pages that add up past the bound, a
    /// revision named twice (the pages would go round in circles) or a deadline passed end with an error.
    /// Without a filter, the history must hold the transaction asked about.
    public func transactionHistory(
        transactionID: String, filter: TransactionHistoryFilter = .init(),
        version: AppStoreServerAPIRequest.TransactionHistoryVersion = .v2, rules: RuleConfiguration? = nil,
        maximumPages: Int = 500, maximumBytes: Int = defaultHistoryBytes,
        deadline: ContinuousClock.Instant? = nil
    ) async throws(AppStoreServerAPIError) -> AppStoreServerAPIResponse {
        let deadline = deadline ?? self.deadline()
        var pages = HistoryPages(maximumBytes: maximumBytes)
        var revision: String?
        var attempts = 0
        var status = 200
        for _ in 0..<max(1, maximumPages) {
            let request = try AppStoreServerAPIRequest.getTransactionHistory(
                transactionID: transactionID, revision: revision, filter: filter, version: version)
            let (response, tries) = try await exchange(request, deadline: deadline)
            attempts += tries
            status = response.status
            guard let next = try pages.add(response.body) else {
                return try verified(
                    .getTransactionHistory, status: status, body: try pages.body(), attempts: attempts, rules: rules,
                    binding: filter.selectsAll ? .history(transactionID) : nil)
            }
            revision = next
        }
        throw AppStoreServerAPIError(
            .invalidResponse,
            "get-transaction-history: still more after \(maximumPages) pages; ask for one page with a revision")
    }
}
