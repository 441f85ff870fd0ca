import Foundation
import ReceiptKit
import TestSupport
import Testing

/// Apple's Python models (app-store-server-library 3.1.2) as the peer of the Advanced Commerce request
/// bodies: Apple's client has no Advanced Commerce calls to compare with, so each body is read into
/// Apple's model and written back as its client writes request bodies (Scripts/advanced-commerce-peer.py);
/// receipt-check must send those bytes exactly (compact JSON; Apple's client would send the same members
/// in the same order with a space after each separator), and refuse what Apple's models refuse. What Apple's
/// documentation rules and its models do not check (a storefront's or currency's form, a UUID's) only
/// receipt-check refuses.
@Suite(.timeLimit(.minutes(2))) struct AdvancedCommercePeerConformanceTests {
    static let info = AdvancedCommerceBodies.info
    /// Bodies both refuse: an empty item list, a description of 46 characters, a display name of 31, a SKU of 129.
    static let refusedByBoth: [(operation: String, model: String, body: String)] = [
        (
            "request-transaction-refund", "AdvancedCommerceRequestRefundRequest",
            #"{"requestInfo":\#(info),"items":[],"refundRiskingPreference":false}"#
        ),
        (
            "migrate-subscription", "AdvancedCommerceSubscriptionMigrateRequest",
            #"{"requestInfo":\#(info),"descriptors":{"description":"\#(String(repeating: "é", count: 46))","displayName":"News"},"items":[{"SKU":"a","description":"b","displayName":"c"}],"targetProductId":"p","taxCode":"t"}"#
        ),
        (
            "change-subscription-metadata", "AdvancedCommerceSubscriptionChangeMetadataRequest",
            #"{"requestInfo":\#(info),"descriptors":{"effective":"IMMEDIATELY","displayName":"\#(String(repeating: "n", count: 31))"}}"#
        ),
        (
            "change-subscription-price", "AdvancedCommerceSubscriptionPriceChangeRequest",
            #"{"requestInfo":\#(info),"items":[{"SKU":"\#(String(repeating: "s", count: 129))","price":1}]}"#
        ),
    ]

    @Test func requestBodiesAreWhatApplesModelsWrite() throws {
        guard let python = ReportSchemaTests.python() else { return }
        let scratch = try ScratchDirectory()
        let all = AdvancedCommerceBodies.valid + Self.refusedByBoth
        let cases = try all.map { entry in
            ["model": entry.model, "body": try JSONSerialization.jsonObject(with: Data(entry.body.utf8))]
        }
        let file = try scratch.write(
            "cases.json", Array(try JSONSerialization.data(withJSONObject: ["cases": cases])))
        let script = CLI.packageRoot.appendingPathComponent("Scripts/advanced-commerce-peer.py").path
        let run = try CLI.run(URL(fileURLWithPath: python), [script, file], stdin: nil)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let results = try #require(run.json?["results"] as? [[String: String]], "\(run.stdout)\(run.stderr)")
        try #require(results.count == all.count)
        for (index, entry) in all.enumerated() {
            let operation = try #require(AppStoreServerAPIOperation(rawValue: entry.operation))
            let ours: Result<[UInt8], AppStoreServerAPIError> = Result { () throws(AppStoreServerAPIError) in
                try AppStoreServerAPIRequest.advancedCommerce(
                    operation, transactionID: "1000000000000001", body: Array(entry.body.utf8)
                ).body ?? []
            }
            switch (ours, results[index]["json"]) {
            case (.success(let bytes), let apple?):
                #expect(
                    String(decoding: bytes, as: UTF8.self) == apple, "\(entry.operation): Apple's model writes \(apple)"
                )
            case (.failure(let error), nil):
                #expect(index >= AdvancedCommerceBodies.valid.count, "\(entry.operation): \(error.message)")
            case (.success(let bytes), nil):
                Issue.record(
                    "\(entry.operation): Apple's model refuses \(results[index]); receipt-check sends \(bytes.count) bytes"
                )
            case (.failure(let error), _?):
                Issue.record("\(entry.operation): Apple's model takes it; receipt-check refuses: \(error.message)")
            }
        }
    }
}
