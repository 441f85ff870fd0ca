import Foundation
import Testing

/// The Advanced Commerce API's server calls against the mock: a genuine answer is valid and held to the
/// transaction asked about; another customer's transaction, or a renewal info of another subscription
/// beside the transaction, is `answer_mismatch`; a value Apple's rules refuse stops the call before it is sent.
extension AppStoreAPIScenarioTests {
    /// A subscription is asked about by its original transaction id, a refund by the transaction's own.
    static func advancedCommerceID(_ operation: String) -> String {
        operation == "request-transaction-refund" ? MockResponses.advancedCommerceSwapped : Scenario.customer
    }

    static func advancedCommercePath(_ operation: String, _ id: String) -> String {
        let tail =
            [
                "cancel-subscription": "subscription/cancel",
                "change-subscription-metadata": "subscription/changeMetadata",
                "change-subscription-price": "subscription/changePrice", "migrate-subscription": "subscription/migrate",
                "revoke-subscription": "subscription/revoke", "request-transaction-refund": "transaction/requestRefund",
            ][operation] ?? "?"
        return "/advancedCommerce/v1/\(tail)/\(id)"
    }

    @Test func advancedCommerceGenuineAnswersAreValid() async throws {
        let mock = try MockAppStoreAPI.require()
        for (index, entry) in AdvancedCommerceBodies.valid.enumerated() {
            let body = try mock.scratch.write("commerce-\(index).json", Array(entry.body.utf8))
            let id = Self.advancedCommerceID(entry.operation)
            let answer = try await mock.api(entry.operation, [id, "--body", body, "--json"])
            #expect(answer.status == 0, "\(entry.operation) \(answer.stdout.prefix(1500))\(answer.stderr)")
            #expect(Self.answerHeld(answer) == true, "\(entry.operation) \(answer.stdout.prefix(1500))")
            let sent = try mock.records(path: Self.advancedCommercePath(entry.operation, id))
            #expect(sent.count == 1 && sent.first?["status"] as? Int == 200, "\(entry.operation) \(sent)")
            #expect(sent.first?["contentType"] as? String == "application/json")
        }
    }

    @Test func advancedCommerceAnswersOfAnotherQuestionAreRefused() async throws {
        let mock = try MockAppStoreAPI.require()
        let entry = AdvancedCommerceBodies.valid[0]
        let body = try mock.scratch.write("commerce-swapped.json", Array(entry.body.utf8))
        // Another customer's transaction: the mock answers with this customer's.
        let other = try await mock.api(entry.operation, ["2000000000000001", "--body", body, "--json"])
        #expect(other.status == 2, "\(other.stdout.prefix(1500))\(other.stderr)")
        #expect(other.json?["reason"] as? String == "answer_mismatch", "\(other.stdout.prefix(1500))")
        // The transaction asked about, beside a renewal info of another subscription.
        let mixed = try await mock.api(
            "revoke-subscription",
            [
                MockResponses.advancedCommerceSwapped, "--body",
                try mock.scratch.write(
                    "commerce-revoke.json", Array(AdvancedCommerceBodies.valid[4].body.utf8)), "--json",
            ])
        #expect(mixed.status == 2, "\(mixed.stdout.prefix(1500))\(mixed.stderr)")
        #expect(mixed.json?["reason"] as? String == "answer_mismatch", "\(mixed.stdout.prefix(1500))")
        #expect(
            (mixed.json?["message"] as? String)?.contains("3000000000000001") == true, "\(mixed.stdout.prefix(1500))")
    }

    @Test func advancedCommerceBadValuesAreRefusedBeforeSending() async throws {
        let mock = try MockAppStoreAPI.require()
        let info = AdvancedCommerceBodies.info
        let bad: [(String, String, String)] = [
            ("cancel-subscription", #"{"requestInfo":\#(info),"storefront":"US"}"#, "storefront"),
            (
                "change-subscription-price",
                #"{"requestInfo":\#(info),"items":[{"SKU":"pro.news","price":4990}],"currency":"usd"}"#, "currency"
            ),
            (
                "request-transaction-refund", #"{"requestInfo":\#(info),"items":[],"refundRiskingPreference":false}"#,
                "items"
            ),
            (
                "revoke-subscription",
                #"{"requestInfo":{"requestReferenceId":"not-a-uuid"},"refundRiskingPreference":true,"refundType":"FULL","refundReason":"LEGAL"}"#,
                "requestReferenceId"
            ),
        ]
        // An id no other test asks about: the mock's log has no request on these paths unless one was sent.
        let id = "1000000000000007"
        for (index, (operation, text, member)) in bad.enumerated() {
            let body = try mock.scratch.write("commerce-bad-\(index).json", Array(text.utf8))
            let refused = try await mock.api(operation, [id, "--body", body])
            #expect(refused.status == 64, "\(operation) \(refused.stdout)\(refused.stderr)")
            #expect(refused.stderr.contains(member), "\(operation): \(refused.stderr)")
            #expect(try mock.records(path: Self.advancedCommercePath(operation, id)).isEmpty, "\(operation) was sent")
        }
    }
}
