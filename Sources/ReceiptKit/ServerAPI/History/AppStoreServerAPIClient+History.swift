extension AppStoreServerAPIClient {
    /// 64 MiB: 500 pages of twenty of Apple's transactions (about 5 kB each) fit, with room.
    public static let defaultHistoryBytes = 64 << 20

    /// Get Transaction History, every page: requested one after another (the same filters, each with
    /// the revision the page before gave) until a page says it has no more, each page's transactions
    /// verified as it comes, the whole reported as one HistoryResponse holding every page's transactions.
    /// The response's body is that HistoryResponse when `keepsBody`, else empty (a history of hundreds
    /// of pages is held only as its verified reports). At most `maximumPages` pages (twenty
    /// transactions each) and `maximumBytes` in all are read, under one deadline (``operationTimeout``
    /// from now when nil): a server that never says "no more", pages that add up past the bound, a
    /// revision named twice (the pages would go round in circles) or a deadline passed end with an error.
    /// Without a filter, the history must hold the transaction asked about (by its id, its original's or
    /// its app transaction's); asked by an app transaction id (`asked`), it must be that customer's.
    public func transactionHistory(
        transactionID: String, filter: TransactionHistoryFilter = .init(),
        version: AppStoreServerAPIRequest.TransactionHistoryVersion = .v2, rules: RuleConfiguration? = nil,
        maximumPages: Int = 500, maximumBytes: Int = defaultHistoryBytes,
        deadline: ContinuousClock.Instant? = nil, keepsBody: Bool = true,
        asked: AppStoreServerAPIRequest.IdentifierKind = .transaction
    ) async throws(AppStoreServerAPIError) -> AppStoreServerAPIResponse {
        let deadline = deadline ?? self.deadline()
        var pages = HistoryPages(maximumBytes: maximumBytes, context: validator.context, keepsBody: keepsBody)
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
                let report = pages.report(
                    input: AppStoreServerAPIOperation.getTransactionHistory.rawValue,
                    verifier: ResponseVerifier(context: validator.context))
                let binding = AnswerBinding.forHistory(transactionID, selectsAll: filter.selectsAll, asked: asked)
                return AppStoreServerAPIResponse(
                    operation: .getTransactionHistory, status: status, body: try pages.body(),
                    content: decided(report, rules: rules, binding: binding), attempts: attempts)
            }
            revision = next
        }
        throw AppStoreServerAPIError(
            .invalidResponse,
            "get-transaction-history: still more after \(maximumPages) pages; ask for one page with a revision")
    }
}
