extension AppStoreServerAPIClient {
    /// 64 MiB: 500 pages of twenty of Apple's transactions (about 5 kB each) fit, with room.
    public static let defaultHistoryBytes = 64 << 20

    /// Get Transaction History, every page, each verified as it comes and reported as one HistoryResponse
    /// (its body kept only when `keepsBody`). Bounded by `maximumPages`, `maximumBytes`, a revision named twice
    /// and one deadline. Unfiltered, it must hold the transaction asked about (by `asked`).
    ///
    /// `revision`: a saved ``ResponseReport/resumeFrom``: only the pages after it are read, and not held to
    /// the transaction asked about.
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

    /// Every page of a paged operation from `request` on, read and verified as `transactionHistory` reads one;
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

    /// The pager of both: each request after `first` is it with the token the page before named.
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
