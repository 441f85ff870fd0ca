/// The pages of a paged operation (``PageShape``), read and verified one after another as one response of
/// their kind. Of each page only its elements' reports and Apple's members are kept; the body only when asked.
struct HistoryPages {
    /// A page is twenty transactions and a few members.
    private static let limits = JSONParser.Limits(maximumDepth: 8, maximumValues: 4096)
    /// The members each page repeats, which must not change from one page to the next.
    private static let shared = ["appAppleId", "bundleId", "environment"]
    /// Apple's members the body keeps beside the signed data (the last page's).
    private let kept: [String]
    let shape: PageShape
    /// The bytes the pages may add up to.
    let maximumBytes: Int
    /// The body so far, when kept; ``body()`` ends it in place, so that no second copy of the history is made.
    private var transactions: [UInt8]?
    private let start: [UInt8]
    private var members: [String: JSONValue] = [:]
    private var elements: ResponseElements
    /// Why the pages cannot be verified; the pages are still read, so that a later error is the one said.
    private var rejection: ReceiptError?
    private var pages = 0
    private var bytes = 0
    /// Every revision named so far: a server that names one again would send the same pages forever.
    private var revisions: Set<String> = []
    /// The token the first page was asked with (a saved one, to read only what is newer), if any.
    let resumed: String?
    /// The token the last page named, even the one that has no more: where the next reading resumes.
    private(set) var lastToken: String?

    /// `resumed`: the token the first page is asked with.
    init(
        _ shape: PageShape = .transactionHistory, maximumBytes: Int, context: VerificationContext,
        keepsBody: Bool, resumed: String? = nil
    ) {
        self.shape = shape
        self.maximumBytes = maximumBytes
        self.resumed = resumed
        kept = Self.shared + ["hasMore", shape.token]
        start = Array("{\"\(shape.elements)\":[".utf8)
        elements = ResponseElements(context: context)
        transactions = keepsBody ? start : nil
        if let resumed {
            revisions.insert(resumed)
        }
    }

    /// Adds `body`; returns the revision to ask for next, nil when the page says it is the last.
    mutating func add(_ body: [UInt8]) throws(AppStoreServerAPIError) -> String? {
        let (sum, overflow) = bytes.addingReportingOverflow(body.count)
        let operation = shape.operation.rawValue
        guard !overflow, sum <= maximumBytes else {
            throw AppStoreServerAPIError(
                .transport(.responseTooLarge),
                "\(operation): page \(pages + 1) takes the pages past \(maximumBytes) bytes in all")
        }
        bytes = sum
        let parsed: JSONValue
        do throws(JSONParser.ParseError) {
            parsed = try JSONParser.parse(body, limits: Self.limits)
        } catch {
            throw AppStoreServerAPIError(.invalidResponse, "\(operation): a page is not JSON: \(error.description)")
        }
        guard case .object(let page) = parsed else {
            throw AppStoreServerAPIError(.invalidResponse, "\(operation): a page is not a JSON object")
        }
        guard case .array(let signed)? = page[shape.elements] else {
            throw AppStoreServerAPIError(.invalidResponse, "\(operation): a page has no \(shape.elements) array")
        }
        for name in Self.shared where pages > 0 && page[name] != members[name] {
            throw AppStoreServerAPIError(
                .invalidResponse, "\(operation): page \(pages + 1) names another \(name) than the first page")
        }
        pages += 1
        for item in signed {
            if var kept = transactions {
                // Moved out and back, so that appending copies nothing.
                transactions = nil
                if kept.count > start.count {
                    kept.append(UInt8(ascii: ","))
                }
                try Self.write(item, to: &kept)
                transactions = kept
            }
            guard rejection == nil else { continue }
            do throws(ReceiptError) {
                elements.add(try shape.element(item, index: elements.count))
            } catch {
                rejection = error
            }
        }
        members = page.filter { kept.contains($0.key) }
        let token = shape.token
        if case .string(let named)? = page[token], !named.isEmpty {
            lastToken = named
        }
        guard case .bool(true)? = page["hasMore"] else { return nil }
        guard case .string(let revision)? = page[token], !revision.isEmpty else {
            throw AppStoreServerAPIError(.invalidResponse, "\(operation): page \(pages) has more but no \(token)")
        }
        guard revisions.insert(revision).inserted else {
            let earlier = revision == resumed ? "the \(token) it was asked with" : "a \(token) an earlier page named"
            throw AppStoreServerAPIError(
                .invalidResponse, "\(operation): page \(pages) names \(earlier): the pages would go round in circles")
        }
        return revision
    }

    /// The token to resume from next time without losing anything: nil when an element failed, since the
    /// pages past the saved token must then be read again.
    func resumeToken(verified: Bool) -> String? {
        if elements.count == 0, let resumed { return resumed }
        guard verified, rejection == nil else { return nil }
        return lastToken ?? resumed
    }

    /// The report a body of every page's signed data and the last page's members would have.
    mutating func report(input name: String, verifier: ResponseVerifier) -> ValidationReport {
        var report = ValidationReport(input: name)
        if let rejection {
            report.reject(rejection)
            return report
        }
        report.format = .serverAPIResponse
        verifier.finish(shape.kind, fields: members, elements: &elements, into: &report)
        return report
    }

    /// Every page's signed data and the last page's members; empty when the body was not kept.
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

    /// Written exactly: the body is read again (`--combine`), and `1.0` written as `1` would read as an integer.
    private static func write(_ value: JSONValue, to out: inout [UInt8]) throws(AppStoreServerAPIError) {
        do throws(CompactJSONWriter.DeclinedError) {
            try CompactJSONWriter.append(value, to: &out, depth: 0, exact: true)
        } catch {
            throw AppStoreServerAPIError(.invalidResponse, "the pages cannot be written as one body")
        }
    }
}
