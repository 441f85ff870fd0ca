import Foundation
import Testing

@testable import ReceiptKit

/// Every page of the three paged operations (transaction, refund and notification history) through the
/// one pager, from the start or from a saved token, and the token it says to resume from: bounded and
/// refused as a transaction history's pages are (the clock is the recorded waits': nothing sleeps).
@Suite struct AppStoreServerAPIClientPagesTests {
    typealias M = StoreKit2Material
    typealias C = ServerAPIClientMaterial

    /// One paged operation: its request (asked with `token` when given) and a page of its answer.
    struct Paged: Sendable, CustomTestStringConvertible {
        let operation: AppStoreServerAPIOperation
        var testDescription: String { operation.rawValue }

        var token: String { operation == .getNotificationHistory ? "paginationToken" : "revision" }

        func request(_ token: String? = nil) throws -> AppStoreServerAPIRequest {
            switch operation {
            case .getRefundHistory: try .getRefundHistory(transactionID: "1001", revision: token)
            case .getNotificationHistory:
                try .getNotificationHistory(paginationToken: token, body: Array(Paged.body.utf8))
            default:
                try .getTransactionHistory(
                    transactionID: "1001", revision: token, filter: TransactionHistoryFilter(productIDs: ["pro"]))
            }
        }

        static let body = #"{"endDate":1800000000000,"startDate":1790000000000}"#

        /// A page of transactions (or notifications carrying them) `ids`; `token` nil names none.
        func page(_ ids: [String], more: Bool, token: String?) throws -> Result<HTTPResponse, HTTPTransportError> {
            let named = token.map { #","\#(self.token)":"\#($0)""# } ?? ""
            let elements: String
            if operation == .getNotificationHistory {
                elements =
                    #""notificationHistory":["#
                    + ids.map { #"{"signedPayload":\#(AppStoreServerAPIClientPagesTests.notification($0))}"# }
                    .joined(separator: ",") + "]"
            } else {
                elements = #""signedTransactions":["# + ids.map { M.transaction(id: $0) }.joined(separator: ",") + "]"
            }
            let bundle = operation == .getTransactionHistory ? #""bundleId":"\#(M.bundleID)","# : ""
            let spec = "{\(bundle)\"hasMore\":\(more)\(named),\(elements)}"
            return .success(HTTPResponse(status: 200, headers: [:], body: try M.response(spec)))
        }

        static let all = [
            Paged(operation: .getTransactionHistory), Paged(operation: .getRefundHistory),
            Paged(operation: .getNotificationHistory),
        ]
    }

    static func notification(_ id: String) -> String {
        """
        {"notificationType":"DID_RENEW","version":"2.0","signedDate":"2026-11-21T00:00:00Z",
        "notificationUUID":"0b2c6d4e-0000-4000-8000-00000000\(id)",
        "data":{"bundleId":"\(M.bundleID)","environment":"Production","signedTransactionInfo":\(M.transaction(id: id))}}
        """
    }

    /// The query each request was sent with.
    static func queries(_ transport: ScriptedTransport) -> [String] {
        transport.sent.map { $0.url.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? "" }
    }

    @Test(arguments: Paged.all) func everyPageIsReadAndTheLastTokenIsTheOneToResumeFrom(_ paged: Paged) async throws {
        let transport = ScriptedTransport([
            try paged.page(["1001", "1002"], more: true, token: "t1"),
            try paged.page(["1003"], more: false, token: "t2"),
        ])
        let response = try await C.client(transport).allPages(of: try paged.request())
        let report = try #require(response.verdict?.report)
        #expect(report.status == .valid, "\(report.message ?? "")")
        #expect(report.response?.elements.count == 3 && report.response?.resumeFrom == "t2")
        let filter = paged.operation == .getTransactionHistory ? "productId=pro" : ""
        let second = paged.operation == .getTransactionHistory ? "revision=t1&productId=pro" : "\(paged.token)=t1"
        #expect(Self.queries(transport) == [filter, second])
        // A notification history's every page is asked with the same body.
        #expect(transport.sent.allSatisfy { $0.body == (try? paged.request().body) })
    }

    /// Given a saved token, only the pages after it are read; a history is then not held to the
    /// transaction asked about, which they may rightly leave out.
    @Test(arguments: Paged.all) func aSavedTokenReadsOnlyWhatCameAfterIt(_ paged: Paged) async throws {
        let transport = ScriptedTransport([
            try paged.page(["1004"], more: true, token: "t5"), try paged.page(["1005"], more: false, token: "t6"),
        ])
        let response = try await C.client(transport).allPages(of: try paged.request("t4"))
        let report = try #require(response.verdict?.report)
        #expect(report.status == .valid, "\(report.message ?? "")")
        #expect(report.response?.elements.count == 2 && report.response?.resumeFrom == "t6")
        let filter = paged.operation == .getTransactionHistory ? "&productId=pro" : ""
        #expect(Self.queries(transport) == ["\(paged.token)=t4\(filter)", "\(paged.token)=t5\(filter)"])
        let history = ScriptedTransport([try Paged.all[0].page(["1005"], more: false, token: "t6")])
        let unheld = try await C.client(history).transactionHistory(transactionID: "9999", revision: "t4")
        #expect(unheld.verdict?.report.status == .valid, "\(unheld.verdict?.report.message ?? "")")
    }

    /// A page that names the token it was asked with, or one an earlier page named, would be sent again
    /// and again: refused, for each operation, from a saved token or from the start.
    @Test(arguments: Paged.all) func aTokenNamedAgainEndsThePages(_ paged: Paged) async throws {
        let again = ScriptedTransport([try paged.page(["1001"], more: true, token: "t4")])
        let resumed = await C.error { try await C.client(again).allPages(of: try paged.request("t4")) }
        #expect(resumed?.kind == .invalidResponse, "\(resumed?.message ?? "")")
        #expect(resumed?.message.contains("names the \(paged.token) it was asked with") == true)
        #expect(again.sent.count == 1)
        let loop = ScriptedTransport([
            try paged.page(["1001"], more: true, token: "t1"), try paged.page(["1002"], more: true, token: "t2"),
            try paged.page(["1003"], more: true, token: "t1"),
        ])
        let circle = await C.error { try await C.client(loop).allPages(of: try paged.request()) }
        #expect(circle?.message.contains("round in circles") == true, "\(circle?.message ?? "")")
        #expect(loop.sent.count == 3)
    }

    /// A server whose pages always have more is cut at the page bound, and their bytes at theirs.
    @Test(arguments: Paged.all) func pagesThatNeverEndAreCut(_ paged: Paged) async throws {
        let script = try (1...4).map { try paged.page(["100\($0)"], more: true, token: "t\($0)") }
        let endless = ScriptedTransport(script)
        let error = await C.error { try await C.client(endless).allPages(of: try paged.request(), maximumPages: 3) }
        #expect(error?.message.contains("still more after 3 pages") == true, "\(error?.message ?? "")")
        #expect(endless.sent.count == 3)
        let size = try script[0].get().body.count
        let bytes = ScriptedTransport(script)
        let large = await C.error {
            try await C.client(bytes).allPages(of: try paged.request(), maximumBytes: size * 2 + size / 2)
        }
        #expect(large?.kind == .transport(.responseTooLarge), "\(large?.message ?? "")")
        #expect(bytes.sent.count == 3)
    }

    /// The token to resume from never skips what was not accepted: none after a forged element (the pages
    /// must be read again); the saved one when the pages held nothing (nothing was read past it); the one
    /// that asked for the last page when that page names none.
    @Test func theTokenToResumeFromLosesNothing() async throws {
        let refunds = Paged.all[1]
        let forged = try M.tampered(try M.jws(M.transaction(id: "1002")))
        let body = #"{"hasMore":false,"revision":"t2","signedTransactions":["\#(forged)"]}"#
        let forgedPages = ScriptedTransport([
            try refunds.page(["1001"], more: true, token: "t1"), ScriptedTransport.json(200, body),
        ])
        let invalid = try await C.client(forgedPages).allPages(of: try refunds.request("t0"))
        #expect(invalid.verdict?.report.status == .invalid)
        #expect(invalid.verdict?.report.response != nil && invalid.verdict?.report.response?.resumeFrom == nil)

        let nothing = ScriptedTransport([try refunds.page([], more: false, token: "t9")])
        let empty = try await C.client(nothing).allPages(of: try refunds.request("t4"))
        #expect(empty.verdict?.report.response?.resumeFrom == "t4")

        let unnamed = ScriptedTransport([
            try refunds.page(["1001"], more: true, token: "t1"), try refunds.page(["1002"], more: false, token: nil),
        ])
        let last = try await C.client(unnamed).allPages(of: try refunds.request())
        #expect(last.verdict?.report.status == .valid && last.verdict?.report.response?.resumeFrom == "t1")
    }

    @Test func anOperationOfOnePageIsRefusedBeforeSending() async throws {
        let transport = ScriptedTransport([])
        let error = await C.error {
            try await C.client(transport).allPages(of: try .getTransactionInfo(transactionID: "1001"))
        }
        #expect(error?.kind == .invalidRequest && error?.message.contains("answers in one page") == true)
        #expect(transport.sent.isEmpty)
    }

    /// A refund or notification history's pages share one deadline, as a transaction history's do.
    @Test(arguments: Paged.all.dropFirst()) func thePagesShareOneDeadline(_ paged: Paged) async throws {
        let transport = ScriptedTransport([
            ScriptedTransport.json(503, "{}"), try paged.page(["1001"], more: true, token: "t1"),
            ScriptedTransport.json(503, "{}"), try paged.page(["1002"], more: false, token: "t2"),
        ])
        let client = try C.client(transport, waits: RecordedWaits(), operationTimeout: .seconds(1))
        let response = try await client.allPages(of: try paged.request())
        #expect(response.verdict?.report.status == .valid, "\(response.verdict?.report.message ?? "")")
        #expect(
            transport.sent.map(\.timeout) == [.seconds(1), .milliseconds(625), .milliseconds(625), .milliseconds(250)])
    }
}
