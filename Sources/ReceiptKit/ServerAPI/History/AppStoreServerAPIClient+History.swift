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
    ///
    /// `revision`: a revision saved from an earlier reading (its report's ``ResponseReport/resumeFrom``):
    /// only the pages after it are read, what is new or changed since, and the history is then not held
    /// to the transaction asked about (it may rightly leave it out).
    public func transactionHistory(
        transactionID: String, revision: String? = nil, filter: TransactionHistoryFilter = .init(),
        version: AppStoreServerAPIRequest.TransactionHistoryVersion = .v2, rules: RuleConfiguration? = nil,
        maximumPages: Int = 500, maximumBytes: Int = defaultHistoryBytes,
        deadline: ContinuousClock.Instant? = nil, keepsBody: Bool = true,
        asked: AppStoreServerAPIRequest.IdentifierKind = .transaction
    ) async throws(AppStoreServerAPIError) -> AppStoreServerAPIResponse {
        let request = try AppStoreServerAPIRequest.getTransactionHistory(
            transactionID: transactionID, revision: revision, filter: filter, version: version, asked: asked)
        let binding =
            revision == nil
            ? ExpectedAnswer.forHistory(transactionID, selectsAll: filter.selectsAll, asked: asked)
            : request.expectedAnswer
        return try await pages(
            request, shape: .transactionHistory, binding: binding, rules: rules, maximumPages: maximumPages,
            maximumBytes: maximumBytes, deadline: deadline, keepsBody: keepsBody)
    }

    /// Every page of a paged operation (Get Transaction History, Get Refund History, Get Notification
    /// History), from `request` on: read and verified as `transactionHistory` reads a history, with the
    /// same bounds, each page asked with `request`'s query and body and the token the page before named.
    /// `request` asked with a saved token (`revision`, `paginationToken`) reads only what came after it. The answer is held to `request`'s question as one page would be;
    /// its report's ``ResponseReport/resumeFrom`` is the token to save for the next reading.
    public func allPages(
        of request: AppStoreServerAPIRequest, rules: RuleConfiguration? = nil, maximumPages: Int = 500,
        maximumBytes: Int = defaultHistoryBytes, deadline: ContinuousClock.Instant? = nil, keepsBody: Bool = true
    ) async throws(AppStoreServerAPIError) -> AppStoreServerAPIResponse {
        guard let shape = PageShape.of(request.operation) else {
            throw AppStoreServerAPIError(.invalidRequest, "\(request.operation.rawValue) answers in one page")
        }
        return try await pages(
            request, shape: shape, binding: request.expectedAnswer, rules: rules, maximumPages: maximumPages,
            maximumBytes: maximumBytes, deadline: deadline, keepsBody: keepsBody)
    }

    /// The pager of both: `first` asks for the first page, each later request is it with the token the
    /// page before named.
    private func pages(
        _ first: AppStoreServerAPIRequest, shape: PageShape, binding: ExpectedAnswer?, rules: RuleConfiguration?,
        maximumPages: Int, maximumBytes: Int, deadline: ContinuousClock.Instant?, keepsBody: Bool
    ) async throws(AppStoreServerAPIError) -> AppStoreServerAPIResponse {
        let deadline = deadline ?? self.deadline()
        var pages = HistoryPages(
            shape, maximumBytes: maximumBytes, context: validator.context, keepsBody: keepsBody,
            resumed: shape.token(of: first))
        var request = first
        var attempts = 0
        var status = 200
        for _ in 0..<max(1, maximumPages) {
            let (response, tries) = try await exchange(request, deadline: deadline)
            attempts += tries
            status = response.status
            guard let next = try pages.add(response.body) else {
                var report = pages.report(
                    input: shape.operation.rawValue, verifier: ResponseVerifier(context: validator.context))
                // Before the token is chosen: an answer to another question is no place to resume from.
                binding?.check(&report)
                let resume = pages.resumeToken(verified: report.status == .valid)
                report.response?.resumeFrom = resume
                return AppStoreServerAPIResponse(
                    operation: shape.operation, status: status, body: try pages.body(),
                    content: decided(report, rules: rules, binding: nil), attempts: attempts)
            }
            request = first.page(after: next, shape.token)
        }
        throw AppStoreServerAPIError(
            .invalidResponse,
            "\(shape.operation.rawValue): still more after \(maximumPages) pages; ask for one page with a "
                + shape.token)
    }
}
