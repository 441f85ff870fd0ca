/// The pages of a transaction history, read one after another and verified as they come, as one
/// HistoryResponse: every page's signed transactions in order, beside the members the pages share.
/// Nothing here is believed: each element is verified like any response's, with the same checks and
/// report, as it arrives.
///
/// Of each page only its elements' reports and Apple's members are kept; the page itself, its elements'
/// text and anything else it carries are let go before the next one comes. The pages as one body are
/// kept only when asked for (an input read again, as `--combine` reads it).
struct HistoryPages {
    /// A page is twenty transactions and a few members.
    private static let limits = JSONParser.Limits(maximumDepth: 8, maximumValues: 4096)
    /// The members each page repeats, which must not change from one page to the next.
    private static let shared = ["appAppleId", "bundleId", "environment"]
    /// Apple's HistoryResponse members the body keeps beside the transactions (the last page's).
    private static let kept = shared + ["hasMore", "revision"]
    /// The bytes the pages may add up to.
    let maximumBytes: Int
    /// The body so far, when kept: its start and the transactions, written as its array holds them,
    /// comma-separated; ``body()`` ends it in place, so that no second copy of the history is made.
    private var transactions: [UInt8]?
    private static let start = Array("{\"\(BodyMember.signedTransactions)\":[".utf8)
    private var members: [String: JSONValue] = [:]
    private var elements: ResponseElements
    /// Why the pages are not a response whose elements can be verified (an element that is no JWS);
    /// the pages are still read to the end, so that an error in a later one is the one said.
    private var rejection: ReceiptError?
    private var pages = 0
    private var bytes = 0
    /// Every revision a page named: a server that names one again would send the same pages forever.
    private var revisions: Set<String> = []

    init(maximumBytes: Int, context: VerificationContext, keepsBody: Bool) {
        self.maximumBytes = maximumBytes
        elements = ResponseElements(context: context)
        transactions = keepsBody ? Self.start : nil
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
        guard case .array(let signed)? = page[.signedTransactions] else {
            throw AppStoreServerAPIError(
                .invalidResponse, "a history page has no \(BodyMember.signedTransactions) array")
        }
        for name in Self.shared where pages > 0 && page[name] != members[name] {
            throw AppStoreServerAPIError(
                .invalidResponse, "history page \(pages + 1) names another \(name) than the first page")
        }
        pages += 1
        for item in signed {
            if var kept = transactions {
                // Moved out and back, so that appending copies nothing.
                transactions = nil
                if kept.count > Self.start.count {
                    kept.append(UInt8(ascii: ","))
                }
                try Self.write(item, to: &kept)
                transactions = kept
            }
            guard rejection == nil else { continue }
            do throws(ReceiptError) {
                let path = "\(BodyMember.signedTransactions)[\(elements.count)]"
                elements.add(try ServerResponse.element(item, path, .transaction))
            } catch {
                rejection = error
            }
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

    /// The report on the history, `name` its input: the one a body of every page's transactions and the
    /// last page's members would have.
    mutating func report(input name: String, verifier: ResponseVerifier) -> ValidationReport {
        var report = ValidationReport(input: name)
        if let rejection {
            report.reject(rejection)
            return report
        }
        report.format = .serverAPIResponse
        verifier.finish(.history, fields: members, elements: &elements, into: &report)
        return report
    }

    /// One body: every transaction and the last page's members (its revision is the one to resume from);
    /// empty when the body was not kept. The pages are handed over: nothing is left to add to.
    mutating func body() throws(AppStoreServerAPIError) -> [UInt8] {
        guard var out = transactions else { return [] }
        transactions = nil
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

    /// Written exactly: the body is read again (`--combine`), and must say what the pages said; a page's
    /// `"appAppleId":1.0` written as `1` would be read as the integer the page did not send.
    private static func write(_ value: JSONValue, to out: inout [UInt8]) throws(AppStoreServerAPIError) {
        do throws(CompactJSONWriter.DeclinedError) {
            try CompactJSONWriter.append(value, to: &out, depth: 0, exact: true)
        } catch {
            throw AppStoreServerAPIError(.invalidResponse, "the history pages cannot be written as one body")
        }
    }
}
