import Foundation
import Testing

@testable import ReceiptKit

/// The client's answers held to their question, and a history bounded in revisions, bytes and time
/// (the clock is the recorded waits': nothing sleeps).
@Suite struct AppStoreServerAPIClientBoundsTests {
    typealias M = StoreKit2Material
    typealias C = ServerAPIClientMaterial

    static func info(_ id: String) throws -> Result<HTTPResponse, HTTPTransportError> {
        let body = try M.response(#"{"signedTransactionInfo":\#(M.transaction(id: id))}"#)
        return .success(HTTPResponse(status: 200, headers: [:], body: body))
    }

    static func page(_ ids: [String], more: Bool, revision: String) throws -> Result<HTTPResponse, HTTPTransportError> {
        let elements = ids.map { M.transaction(id: $0) }.joined(separator: ",")
        let spec =
            #"{"bundleId":"\#(M.bundleID)","environment":"Production","hasMore":\#(more),"revision":"\#(revision)","signedTransactions":[\#(elements)]}"#
        return .success(HTTPResponse(status: 200, headers: [:], body: try M.response(spec)))
    }

    @Test func anotherTransactionAnswersNothing() async throws {
        let transport = ScriptedTransport([try Self.info("2000"), try Self.info("1001")])
        let client = try C.client(transport)
        let other = try #require(try await client.send(try .getTransactionInfo(transactionID: "1001")).verdict)
        #expect(other.report.status == .invalid && other.report.reason == .answerMismatch)
        #expect(other.report.message?.contains("1001") == true && other.report.message?.contains("2000") == true)
        let own = try #require(try await client.send(try .getTransactionInfo(transactionID: "1001")).verdict)
        #expect(own.report.status == .valid, "\(own.report.message ?? "")")
        #expect(own.report.checks.contains { $0.name == .answer && $0.passed })
    }

    /// The asked transaction on the last page binds the whole history; on none, nothing is decided; a
    /// filter leaves the answer unbound (it may leave the transaction out).
    @Test func aHistoryMustHoldTheAskedTransaction() async throws {
        func pages() throws -> ScriptedTransport {
            ScriptedTransport([
                try Self.page(["1001", "1002"], more: true, revision: "r1"),
                try Self.page(["1003"], more: false, revision: "r2"),
            ])
        }
        let held = try await C.client(try pages()).transactionHistory(transactionID: "1003")
        #expect(held.verdict?.report.status == .valid, "\(held.verdict?.report.message ?? "")")
        let missing = try await C.client(try pages()).transactionHistory(transactionID: "1009")
        #expect(missing.verdict?.report.reason == .answerMismatch)
        let filtered = try await C.client(try pages()).transactionHistory(
            transactionID: "1009", filter: TransactionHistoryFilter(productIDs: ["pro.monthly"]))
        #expect(filtered.verdict?.report.status == .valid, "\(filtered.verdict?.report.message ?? "")")
        let sorted = try await C.client(try pages()).transactionHistory(
            transactionID: "1009", filter: TransactionHistoryFilter(sort: "DESCENDING"))
        #expect(sorted.verdict?.report.reason == .answerMismatch)
    }

    @Test func aRevisionNamedAgainEndsTheHistory() async throws {
        let transport = ScriptedTransport([
            try Self.page(["1001"], more: true, revision: "r1"), try Self.page(["1002"], more: true, revision: "r2"),
            try Self.page(["1003"], more: true, revision: "r1"), try Self.page(["1004"], more: false, revision: "r4"),
        ])
        let error = await C.error { try await C.client(transport).transactionHistory(transactionID: "1001") }
        #expect(error?.kind == .invalidResponse && error?.message.contains("round in circles") == true)
        #expect(transport.sent.count == 3)
    }

    @Test func pagesPastTheByteBoundEndTheHistory() async throws {
        let first = try Self.page(["1001"], more: true, revision: "r1")
        let size = try first.get().body.count
        func transport() throws -> ScriptedTransport {
            ScriptedTransport([
                first, try Self.page(["1002"], more: true, revision: "r2"),
                try Self.page(["1003"], more: false, revision: "r3"),
            ])
        }
        let cut = try transport()
        let error = await C.error {
            try await C.client(cut).transactionHistory(transactionID: "1001", maximumBytes: size * 2 + size / 2)
        }
        #expect(error?.kind == .transport(.responseTooLarge), "\(error?.message ?? "")")
        #expect(cut.sent.count == 3)
        let whole = try await C.client(try transport()).transactionHistory(
            transactionID: "1001", maximumBytes: size * 4)
        #expect(whole.verdict?.report.status == .valid)
    }

    /// The body keeps Apple's members of the last page and every transaction, nothing else a page carries.
    @Test func theMergedBodyKeepsOnlyWhatIsRead() throws {
        let context = try C.client(ScriptedTransport([])).validator.context
        var pages = HistoryPages(maximumBytes: 1 << 20, context: context, keepsBody: true)
        let first = #"{"bundleId":"b","hasMore":true,"revision":"r1","junk":"xxxx","signedTransactions":["a","b"]}"#
        let last = #"{"bundleId":"b","hasMore":false,"revision":"r2","more":[1,2],"signedTransactions":["c"]}"#
        #expect(try pages.add(Array(first.utf8)) == "r1")
        #expect(try pages.add(Array(last.utf8)) == nil)
        let body = try JSONParser.parse(try pages.body())
        #expect(
            body
                == .object([
                    "bundleId": .string("b"), "hasMore": .bool(false), "revision": .string("r2"),
                    "signedTransactions": .array([.string("a"), .string("b"), .string("c")]),
                ]))
    }

    /// The body says what the pages said: a float member stays a float when the body is read again
    /// (`--combine`), where `JSONEncoder`'s `1` for `1.0` would turn it into the integer the page did not
    /// send (the server-api fuzz target's finding).
    @Test func theMergedBodyReadsBackAsThePagesSaid() throws {
        let context = try C.client(ScriptedTransport([])).validator.context
        var pages = HistoryPages(maximumBytes: 1 << 20, context: context, keepsBody: true)
        let page =
            #"{"appAppleId":12345678.0,"bundleId":"b","environment":[-0.0,{"x":2.0}],"signedTransactions":[1.0,"c"]}"#
        #expect(try pages.add(Array(page.utf8)) == nil)
        let body = try JSONParser.parse(try pages.body())
        #expect(
            body
                == .object([
                    "appAppleId": .number(12_345_678), "bundleId": .string("b"),
                    "environment": .array([.number(-0.0), .object(["x": .number(2)])]),
                    "signedTransactions": .array([.number(1), .string("c")]),
                ]))
        guard case .object(let members) = body else { return }
        #expect(members["appAppleId"].flatMap { try? Int64(json: $0) } == nil)
    }

    /// Each attempt gets only the time left, and no wait runs past the deadline.
    @Test func oneDeadlineBoundsEveryAttemptAndWait() async throws {
        let transport = ScriptedTransport(Array(repeating: ScriptedTransport.json(503, "{}"), count: 10))
        let policy = RetryPolicy(maximumAttempts: 10, baseDelay: .milliseconds(400), maximumTotal: .seconds(60))
        let waits = RecordedWaits()
        let error = await C.error {
            try await C.client(transport, waits: waits, retry: policy, operationTimeout: .seconds(1))
                .send(.getRealtimeURL())
        }
        #expect(error?.kind == .deadlineExceeded && error?.isTemporary == true, "\(error?.message ?? "")")
        // Equal jitter at 0.5: 300 ms, 600 ms; the next, 1.2 s, would end past the deadline.
        #expect(waits.all == [.milliseconds(300), .milliseconds(600)])
        #expect(transport.sent.map(\.timeout) == [.seconds(1), .milliseconds(700), .milliseconds(100)])
    }

    /// A deadline the caller names holds for every call given it: a history's pages share it.
    @Test func aHistorySharesOneDeadline() async throws {
        let transport = ScriptedTransport([
            ScriptedTransport.json(503, "{}"), try Self.page(["1001"], more: true, revision: "r1"),
            ScriptedTransport.json(503, "{}"), try Self.page(["1002"], more: false, revision: "r2"),
        ])
        let waits = RecordedWaits()
        let client = try C.client(transport, waits: waits, operationTimeout: .seconds(1))
        let response = try await client.transactionHistory(transactionID: "1001")
        #expect(response.verdict?.report.status == .valid)
        // 375 ms waited after each 503: the second page's requests get what the first left.
        #expect(
            transport.sent.map(\.timeout) == [.seconds(1), .milliseconds(625), .milliseconds(625), .milliseconds(250)])
    }

    /// A page of `items` (transaction ids, or JSON values kept as they are: a JWS string, `true`).
    static func page(items: [String], more: Bool, revision: String) throws -> Result<HTTPResponse, HTTPTransportError> {
        let elements = items.map { $0.allSatisfy(\.isNumber) ? M.transaction(id: $0) : $0 }.joined(separator: ",")
        let spec =
            #"{"bundleId":"\#(M.bundleID)","environment":"Production","hasMore":\#(more),"revision":"\#(revision)","signedTransactions":[\#(elements)]}"#
        return .success(HTTPResponse(status: 200, headers: [:], body: try M.response(spec)))
    }

    /// The report as JSON, to compare two reports whole.
    static func encoded(_ report: ValidationReport?) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }

    /// A history verified page by page reports what its pages as one body would: a genuine one, one
    /// whose first page's second element is forged (the elements after it, on the next page too, left
    /// unverified and counted), one whose last page holds an element that is no JWS. Its body is kept
    /// only when asked for, and the report is the same either way.
    @Test(
        arguments: zip(
            [
                [["1001", "1002"], ["1003"]],
                [["1001", #""eyJhbGciOiJFUzI1NiJ9.e30.AAAA""#, "1002"], ["1003", "1004"]],
                [["1001"], ["1002", "true"]],
            ],
            [
                nil, "; the 3 elements after it not verified",
                "signedTransactions[2] is not a string (a signed JWS)",
            ]))
    func aHistoryReadPageByPageReportsAsItsBody(pages: [[String]], failure: String?) async throws {
        func transport() throws -> ScriptedTransport {
            ScriptedTransport(
                try pages.enumerated().map { index, items in
                    try Self.page(items: items, more: index + 1 < pages.count, revision: "r\(index + 1)")
                })
        }
        // A filter leaves the answer unbound: the report is the body's alone.
        let filter = TransactionHistoryFilter(productIDs: ["pro.monthly"])
        let client = try C.client(try transport())
        let kept = try await client.transactionHistory(transactionID: "1001", filter: filter)
        let whole = client.validator.verdict(
            deciding: client.validator.validate(kept.body, input: "get-transaction-history"), rules: nil)
        // Besides the token to resume from, which a saved body cannot say (none after a failure).
        var paged = kept.verdict?.report
        #expect(paged?.response?.resumeFrom == (failure == nil ? "r\(pages.count)" : nil))
        paged?.response?.resumeFrom = nil
        #expect(try Self.encoded(paged) == Self.encoded(whole.report))
        if let failure {
            #expect(whole.report.message?.contains(failure) == true, "\(whole.report.message ?? "")")
        } else {
            #expect(whole.report.status == .valid && whole.report.response?.elements.count == 3)
        }
        let dropped = try await C.client(try transport()).transactionHistory(
            transactionID: "1001", filter: filter, keepsBody: false)
        #expect(dropped.body.isEmpty && !kept.body.isEmpty)
        var droppedReport = dropped.verdict?.report
        droppedReport?.response?.resumeFrom = nil
        #expect(try Self.encoded(droppedReport) == Self.encoded(whole.report))
    }
}
