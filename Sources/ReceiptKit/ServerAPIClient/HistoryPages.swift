/// The pages of a transaction history, read one after another, as one HistoryResponse body: every
/// page's signed transactions in order, beside the members the pages share. Nothing here is believed:
/// the merged body is verified like any response, element by element.
struct HistoryPages {
    /// A page is twenty transactions and a few members.
    private static let limits = JSONParser.Limits(maximumDepth: 8, maximumValues: 4096)
    /// The members each page repeats, which must not change from one page to the next.
    private static let shared = ["appAppleId", "bundleId", "environment"]

    private(set) var transactions: [JSONValue] = []
    private var members: [String: JSONValue] = [:]
    private var pages = 0

    /// Adds `body`; returns the revision to ask for next, nil when the page says it is the last.
    mutating func add(_ body: [UInt8]) throws(AppStoreServerAPIError) -> String? {
        let parsed: JSONValue
        do throws(JSONParser.ParseError) {
            parsed = try JSONParser.parse(body, limits: Self.limits)
        } catch {
            throw AppStoreServerAPIError(.invalidResponse, "a history page is not JSON: \(error.description)")
        }
        guard case .object(let page) = parsed else {
            throw AppStoreServerAPIError(.invalidResponse, "a history page is not a JSON object")
        }
        guard case .array(let signed)? = page["signedTransactions"] else {
            throw AppStoreServerAPIError(.invalidResponse, "a history page has no signedTransactions array")
        }
        for name in Self.shared where pages > 0 && page[name] != members[name] {
            throw AppStoreServerAPIError(
                .invalidResponse, "history page \(pages + 1) names another \(name) than the first page")
        }
        pages += 1
        transactions += signed
        members = page
        guard case .bool(true)? = page["hasMore"] else { return nil }
        guard case .string(let revision)? = page["revision"], !revision.isEmpty else {
            throw AppStoreServerAPIError(.invalidResponse, "history page \(pages) has more but no revision")
        }
        return revision
    }

    /// One body: the last page's members (its revision is the one to resume from) and every transaction.
    func body() throws(AppStoreServerAPIError) -> [UInt8] {
        var merged = members
        merged["signedTransactions"] = .array(transactions)
        var out: [UInt8] = []
        do throws(CompactJSONWriter.DeclinedError) {
            try CompactJSONWriter.append(merged, to: &out, depth: 0)
        } catch {
            throw AppStoreServerAPIError(.invalidResponse, "the history pages cannot be written as one body")
        }
        return out
    }
}
