/// The pages of a transaction history, read one after another, as one HistoryResponse body: every
/// page's signed transactions in order, beside the members the pages share. Nothing here is believed:
/// the merged body is verified like any response, element by element.
///
/// Of each page only its transactions (already written as they will be in the body) and Apple's
/// members are kept; the page itself, and anything else it carries, is let go before the next one comes.
struct HistoryPages {
    /// A page is twenty transactions and a few members.
    private static let limits = JSONParser.Limits(maximumDepth: 8, maximumValues: 4096)
    /// The members each page repeats, which must not change from one page to the next.
    private static let shared = ["appAppleId", "bundleId", "environment"]
    /// Apple's HistoryResponse members the body keeps beside the transactions (the last page's).
    private static let kept = shared + ["hasMore", "revision"]
    /// The bytes the pages may add up to.
    let maximumBytes: Int
    /// The body so far: its start and the transactions, written as its array holds them, comma-separated;
    /// ``body()`` ends it in place, so that no second copy of the history is made.
    private var transactions: [UInt8] = Self.start
    private static let start = Array(#"{"signedTransactions":["#.utf8)
    private var members: [String: JSONValue] = [:]
    private var pages = 0
    private var bytes = 0
    /// Every revision a page named: a server that names one again would send the same pages forever.
    private var revisions: Set<String> = []

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// Adds `body`; returns the revision to ask for next, nil when the page says it is the last.
    mutating func add(_ body: [UInt8]) throws(AppStoreServerAPIError) -> String? {
        let (sum, overflow) = bytes.addingReportingOverflow(body.count)
        guard !overflow, sum <= maximumBytes else {
            throw AppStoreServerAPIError(
                .transport(.responseTooLarge),
                "get-transaction-history: page \(pages + 1) takes the pages past \(maximumBytes) bytes in all")
        }
        bytes = sum
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
        for element in signed {
            if transactions.count > Self.start.count {
                transactions.append(UInt8(ascii: ","))
            }
            try Self.write(element, to: &transactions)
        }
        members = page.filter { Self.kept.contains($0.key) }
        guard case .bool(true)? = page["hasMore"] else { return nil }
        guard case .string(let revision)? = page["revision"], !revision.isEmpty else {
            throw AppStoreServerAPIError(.invalidResponse, "history page \(pages) has more but no revision")
        }
        guard revisions.insert(revision).inserted else {
            throw AppStoreServerAPIError(
                .invalidResponse,
                "history page \(pages) names a revision an earlier page named: the pages would go round in circles")
        }
        return revision
    }

    /// One body: every transaction and the last page's members (its revision is the one to resume from).
    /// The pages are handed over: nothing is left to add to.
    mutating func body() throws(AppStoreServerAPIError) -> [UInt8] {
        var out: [UInt8] = []
        swap(&out, &transactions)
        out.append(UInt8(ascii: "]"))
        var rest: [UInt8] = []
        try Self.write(.object(members), to: &rest)
        // `rest` is `{...}`: its members follow the array's, after a comma when there are any.
        if members.isEmpty {
            out.append(UInt8(ascii: "}"))
        } else {
            out.append(UInt8(ascii: ","))
            out += rest.dropFirst()
        }
        return out
    }

    private static func write(_ value: JSONValue, to out: inout [UInt8]) throws(AppStoreServerAPIError) {
        do throws(CompactJSONWriter.DeclinedError) {
            try CompactJSONWriter.append(value, to: &out, depth: 0)
        } catch {
            throw AppStoreServerAPIError(.invalidResponse, "the history pages cannot be written as one body")
        }
    }
}
