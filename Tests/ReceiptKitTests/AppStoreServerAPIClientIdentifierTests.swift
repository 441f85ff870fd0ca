import Foundation
import Testing

@testable import ReceiptKit

/// Answers held to every identifier Apple takes for their question: a transaction id, an original
/// transaction id, or (API 1.20) an app transaction id; a genuine answer and another customer's for each.
@Suite struct AppStoreServerAPIClientIdentifierTests {
    typealias M = StoreKit2Material
    typealias C = ServerAPIClientMaterial

    static let customer = "705000000000001"
    static let otherCustomer = "705000000000002"

    /// Transaction `id` of original transaction `original`, of app transaction `customer` (none when nil).
    static func transaction(_ id: String, original: String, customer: String? = customer) -> String {
        M.transaction(id: id, customer: customer).replacingOccurrences(
            of: #""originalTransactionId":"\#(id)""#, with: #""originalTransactionId":"\#(original)""#)
    }

    static func answer(_ spec: String) throws -> Result<HTTPResponse, HTTPTransportError> {
        .success(HTTPResponse(status: 200, headers: [:], body: try M.response(spec)))
    }

    static func page(_ elements: [String], more: Bool, revision: String) throws -> Result<
        HTTPResponse, HTTPTransportError
    > {
        try answer(
            #"{"bundleId":"\#(M.bundleID)","environment":"Production","hasMore":\#(more),"revision":"\#(revision)","signedTransactions":[\#(elements.joined(separator: ","))]}"#
        )
    }

    /// Two pages: a purchase (1001) and, on the last page, its renewal (1002, original 1001).
    static func history() throws -> ScriptedTransport {
        ScriptedTransport([
            try page([transaction("1001", original: "1001")], more: true, revision: "r1"),
            try page([transaction("1002", original: "1001")], more: false, revision: "r2"),
        ])
    }

    static func reason(_ response: AppStoreServerAPIResponse) -> ReasonCode? {
        response.verdict?.report.reason
    }

    static func isValid(_ response: AppStoreServerAPIResponse) -> Bool {
        response.verdict?.report.status == .valid
            && response.verdict?.report.checks.contains { $0.name == .answer && $0.passed } == true
    }

    /// Asked by any of the customer's identifiers, a history holds it; asked by another customer's, of
    /// any kind, it is `answer_mismatch`.
    @Test(arguments: ["1002", "1001", "705000000000001"])
    func aHistoryHoldsEveryIdentifierOfItsCustomer(asked: String) async throws {
        let held = try await C.client(try Self.history()).transactionHistory(transactionID: asked)
        #expect(Self.isValid(held), "\(held.verdict?.report.message ?? "")")
    }

    @Test(arguments: ["1009", "705000000000002"])
    func aHistoryOfAnotherCustomerIsNoAnswer(asked: String) async throws {
        let swapped = try await C.client(try Self.history()).transactionHistory(transactionID: asked)
        #expect(Self.reason(swapped) == .answerMismatch, "\(swapped.verdict?.report.message ?? "")")
    }

    /// Asked by an app transaction id (the caller says so), the history must be that customer's, filtered
    /// or not; a transaction id given as one is not the customer's app transaction.
    @Test func aHistoryAskedByAppTransactionIsThatCustomers() async throws {
        let held = try await C.client(try Self.history()).transactionHistory(
            transactionID: Self.customer, asked: .appTransaction)
        #expect(Self.isValid(held), "\(held.verdict?.report.message ?? "")")
        let filter = TransactionHistoryFilter(productIDs: ["pro.monthly"])
        let filtered = try await C.client(try Self.history()).transactionHistory(
            transactionID: Self.customer, filter: filter, asked: .appTransaction)
        #expect(Self.isValid(filtered), "\(filtered.verdict?.report.message ?? "")")
        let swapped = try await C.client(try Self.history()).transactionHistory(
            transactionID: Self.otherCustomer, filter: filter, asked: .appTransaction)
        #expect(Self.reason(swapped) == .answerMismatch)
        #expect(swapped.verdict?.report.message?.contains(Self.customer) == true)
        let transactionID = try await C.client(try Self.history()).transactionHistory(
            transactionID: "1002", asked: .appTransaction)
        #expect(Self.reason(transactionID) == .answerMismatch)
    }

    /// One element of another customer among the asked one's is no answer either.
    @Test func anAnswerNamingTwoCustomersIsNoAnswer() async throws {
        let transport = ScriptedTransport([
            try Self.page(
                [
                    Self.transaction("1001", original: "1001"),
                    Self.transaction("1002", original: "1001", customer: Self.otherCustomer),
                ], more: false, revision: "r1")
        ])
        let mixed = try await C.client(transport).transactionHistory(
            transactionID: Self.customer, asked: .appTransaction)
        #expect(Self.reason(mixed) == .answerMismatch, "\(mixed.verdict?.report.message ?? "")")
        #expect(mixed.verdict?.report.message?.contains(Self.otherCustomer) == true)
    }

    /// Apple takes no app transaction id for a transaction's info (4000048): a transaction that only
    /// shares the customer's app transaction with the question is another transaction.
    @Test func aTransactionInfoIsNotHeldByItsAppTransaction() async throws {
        let body = #"{"signedTransactionInfo":\#(Self.transaction("1002", original: "1001"))}"#
        let client = try C.client(ScriptedTransport([try Self.answer(body), try Self.answer(body)]))
        let byOriginal = try await client.send(try .getTransactionInfo(transactionID: "1001"))
        #expect(Self.isValid(byOriginal), "\(byOriginal.verdict?.report.message ?? "")")
        let byApp = try await client.send(try .getTransactionInfo(transactionID: Self.customer))
        #expect(Self.reason(byApp) == .answerMismatch)
        #expect(!AppStoreServerAPIRequest.IdentifierKind.accepted(by: .getTransactionInfo).contains(.appTransaction))
        #expect(
            AppStoreServerAPIRequest.IdentifierKind.accepted(by: .getAllSubscriptionStatuses).contains(.appTransaction))
    }

    static func statuses(renewalCustomer: String = customer) -> String {
        let renewal = M.renewal(id: "1001", extra: #","appTransactionId":"\#(renewalCustomer)""#)
        return """
            {"bundleId":"\(M.bundleID)","appAppleId":\(M.appAppleID),"environment":"Production",
            "data":[{"subscriptionGroupIdentifier":"21000001","lastTransactions":[
            {"status":1,"originalTransactionId":"1001","signedTransactionInfo":\(transaction("1002", original: "1001")),
            "signedRenewalInfo":\(renewal)}]}]}
            """
    }

    /// Statuses asked by an app transaction id are that customer's, in every signed transaction and renewal
    /// info; asked by a transaction id they are not held (a consumable's id is in none of them).
    @Test func statusesAskedByAppTransactionAreThatCustomers() async throws {
        let body = Self.statuses()
        let client = try C.client(ScriptedTransport(try Array(repeating: Self.answer(body), count: 3)))
        let held = try await client.send(
            try .getAllSubscriptionStatuses(transactionID: Self.customer, asked: .appTransaction))
        #expect(Self.isValid(held), "\(held.verdict?.report.message ?? "")")
        let swapped = try await client.send(
            try .getAllSubscriptionStatuses(transactionID: Self.otherCustomer, asked: .appTransaction))
        #expect(Self.reason(swapped) == .answerMismatch)
        let unheld = try await client.send(try .getAllSubscriptionStatuses(transactionID: "3001"))
        #expect(unheld.verdict?.report.status == .valid, "\(unheld.verdict?.report.message ?? "")")
        #expect(unheld.verdict?.report.checks.contains { $0.name == .answer } == false)
    }

    /// A renewal info of another customer beside the asked one's transaction is no answer.
    @Test func statusesWithAnotherCustomersRenewalAreNoAnswer() async throws {
        let client = try C.client(
            ScriptedTransport([try Self.answer(Self.statuses(renewalCustomer: Self.otherCustomer))]))
        let mixed = try await client.send(
            try .getAllSubscriptionStatuses(transactionID: Self.customer, asked: .appTransaction))
        #expect(Self.reason(mixed) == .answerMismatch, "\(mixed.verdict?.report.message ?? "")")
    }

    /// An answer that names nobody in what Apple signs (no element, or elements without an app
    /// transaction) decides nothing, whatever its unsigned members say.
    @Test func anAnswerNamingNobodyIsNoAnswer() async throws {
        let empty = #"{"bundleId":"\#(M.bundleID)","environment":"Production","data":[]}"#
        let anonymous = """
            {"bundleId":"\(M.bundleID)","environment":"Production","data":[{"subscriptionGroupIdentifier":"21000001",
            "lastTransactions":[{"status":1,"originalTransactionId":"1001","appTransactionId":"\(Self.customer)",
            "signedTransactionInfo":\(Self.transaction("1001", original: "1001", customer: nil))}]}]}
            """
        let client = try C.client(ScriptedTransport([try Self.answer(empty), try Self.answer(anonymous)]))
        for _ in 0..<2 {
            let nobody = try await client.send(
                try .getAllSubscriptionStatuses(transactionID: Self.customer, asked: .appTransaction))
            #expect(Self.reason(nobody) == .answerMismatch, "\(nobody.verdict?.report.message ?? "")")
        }
    }

    @Test func anAppTransactionAskedByItsIdIsThatOne() async throws {
        let body = #"{"signedAppTransactionInfo":\#(M.appTransaction(appTransactionID: Self.customer))}"#
        let client = try C.client(ScriptedTransport([try Self.answer(body), try Self.answer(body)]))
        let held = try await client.send(
            try .getAppTransactionInfo(transactionID: Self.customer, asked: .appTransaction))
        #expect(Self.isValid(held), "\(held.verdict?.report.message ?? "")")
        let swapped = try await client.send(
            try .getAppTransactionInfo(transactionID: Self.otherCustomer, asked: .appTransaction))
        #expect(Self.reason(swapped) == .answerMismatch)
    }

    @Test func refundsAskedByAppTransactionAreThatCustomers() async throws {
        let refunds =
            #"{"hasMore":false,"revision":"r1","signedTransactions":[\#(Self.transaction("1001", original: "1001"))]}"#
        let none =
            #"{"bundleId":"\#(M.bundleID)","environment":"Production","hasMore":false,"revision":"r1","signedTransactions":[]}"#
        let client = try C.client(
            ScriptedTransport([try Self.answer(refunds), try Self.answer(refunds), try Self.answer(none)]))
        let held = try await client.send(try .getRefundHistory(transactionID: Self.customer, asked: .appTransaction))
        #expect(Self.isValid(held), "\(held.verdict?.report.message ?? "")")
        let swapped = try await client.send(
            try .getRefundHistory(transactionID: Self.otherCustomer, asked: .appTransaction))
        #expect(Self.reason(swapped) == .answerMismatch)
        let empty = try await client.send(try .getRefundHistory(transactionID: Self.customer, asked: .appTransaction))
        #expect(Self.reason(empty) == .answerMismatch)
    }

    @Test func anEmptyAppTransactionIdIsRefusedBeforeSending() {
        #expect(throws: AppStoreServerAPIError.self) {
            try AppStoreServerAPIRequest.getAllSubscriptionStatuses(transactionID: "", asked: .appTransaction)
        }
    }
}
