import Foundation
import Testing

@testable import ReceiptKit

/// The Advanced Commerce server requests: Apple's paths and method, the body written in the order of
/// Apple's models whatever order it came in, and each of Apple's rules refusing a value before anything is sent.
@Suite struct AdvancedCommerceRequestTests {
    static let info = #""requestInfo":{"requestReferenceId":"f55df048-4cd8-4261-b404-b6f813ff70e5"}"#

    static func request(_ operation: AppStoreServerAPIOperation, _ members: String, id: String = "1000")
        throws(AppStoreServerAPIError) -> AppStoreServerAPIRequest
    {
        try .advancedCommerce(operation, transactionID: id, body: Array("{\(members)}".utf8))
    }

    @Test func eachCallHasApplesPathAndItsBodyInApplesOrder() throws {
        let table: [(AppStoreServerAPIOperation, String, String)] = [
            (.cancelSubscription, "subscription/cancel", #""storefront":"USA",\#(Self.info)"#),
            (.changeSubscriptionMetadata, "subscription/changeMetadata", #""taxCode":"T1",\#(Self.info)"#),
            (.changeSubscriptionPrice, "subscription/changePrice", #""items":[{"price":0,"SKU":"a"}],\#(Self.info)"#),
            (
                .migrateSubscription, "subscription/migrate",
                #""taxCode":"T","targetProductId":"p","items":[{"displayName":"d","description":"e","SKU":"s"}],"descriptors":{"displayName":"D","description":"E"},\#(Self.info)"#
            ),
            (
                .revokeSubscription, "subscription/revoke",
                #""refundReason":"OTHER","refundType":"FULL","refundRiskingPreference":false,\#(Self.info)"#
            ),
            (
                .requestTransactionRefund, "transaction/requestRefund",
                #""refundRiskingPreference":true,"items":[{"refundType":"FULL","refundReason":"LEGAL","revoke":false,"SKU":"a"}],\#(Self.info)"#
            ),
        ]
        let expected = [
            #"{\#(Self.info),"storefront":"USA"}"#, #"{\#(Self.info),"taxCode":"T1"}"#,
            #"{\#(Self.info),"items":[{"SKU":"a","price":0}]}"#,
            #"{\#(Self.info),"descriptors":{"description":"E","displayName":"D"},"items":[{"SKU":"s","description":"e","displayName":"d"}],"targetProductId":"p","taxCode":"T"}"#,
            #"{\#(Self.info),"refundRiskingPreference":false,"refundType":"FULL","refundReason":"OTHER"}"#,
            #"{\#(Self.info),"items":[{"SKU":"a","revoke":false,"refundReason":"LEGAL","refundType":"FULL"}],"refundRiskingPreference":true}"#,
        ]
        for ((operation, path, members), json) in zip(table, expected) {
            let request = try Self.request(operation, members, id: "1000/1")
            #expect(request.method == "POST")
            #expect(request.pathAndQuery == "/advancedCommerce/v1/\(path)/1000%2F1", "\(operation)")
            #expect(request.contentType == "application/json")
            #expect(String(decoding: request.body ?? [], as: UTF8.self) == json, "\(operation)")
            #expect(request.expectedAnswer == .transaction("1000/1"))
        }
        #expect(Set(table.map(\.0)) == Set(AppStoreServerAPIOperation.allCases.filter(\.isAdvancedCommerce)))
    }

    /// Each rule at its bound: the longest value Apple takes passes, one character more is refused, and
    /// the message names the member.
    @Test func applesRulesRefuseBeforeSending() throws {
        let sku = { (n: Int) in String(repeating: "é", count: n) }
        let refund = { (item: String) in
            #"\#(Self.info),"refundRiskingPreference":true,"items":[\#(item)]"#
        }
        let cases: [(AppStoreServerAPIOperation, String, String?)] = [
            (.cancelSubscription, Self.info, nil),
            (.cancelSubscription, #"\#(Self.info),"storefront":"usa""#, "storefront"),
            (.cancelSubscription, #"\#(Self.info),"storefront":"USAA""#, "storefront"),
            (
                .cancelSubscription, #""requestInfo":{"requestReferenceId":"F55DF048-4CD8-4261-B404-B6F813FF70E5"}"#,
                "requestReferenceId"
            ),
            (.cancelSubscription, #""requestInfo":{}"#, "requestReferenceId is required"),
            (.cancelSubscription, #""storefront":"USA""#, "requestInfo is required"),
            (.cancelSubscription, #"\#(Self.info),"store":"USA""#, "store is not a member"),
            (.cancelSubscription, #"\#(Self.info),"storefront":1"#, "storefront is not a string"),
            (.changeSubscriptionPrice, #"\#(Self.info),"items":[{"SKU":"\#(sku(128))","price":1}]"#, nil),
            (
                .changeSubscriptionPrice, #"\#(Self.info),"items":[{"SKU":"\#(sku(129))","price":1}]"#,
                "items[0].SKU has 129"
            ),
            (.changeSubscriptionPrice, #"\#(Self.info),"items":[{"SKU":"a","price":-1}]"#, "items[0].price"),
            (
                .changeSubscriptionPrice, #"\#(Self.info),"items":[{"SKU":"a","price":1.5}]"#,
                "price is not a whole number"
            ),
            (.changeSubscriptionPrice, #"\#(Self.info),"items":[{"SKU":"a","price":1}],"currency":"US""#, "currency"),
            (.changeSubscriptionPrice, #"\#(Self.info),"items":[]"#, "items is empty"),
            (
                .changeSubscriptionMetadata,
                #"\#(Self.info),"descriptors":{"effective":"IMMEDIATELY","description":"\#(sku(45))","displayName":"\#(sku(30))"}"#,
                nil
            ),
            (
                .changeSubscriptionMetadata,
                #"\#(Self.info),"descriptors":{"effective":"IMMEDIATELY","description":"\#(sku(46))"}"#,
                "descriptors.description"
            ),
            (
                .changeSubscriptionMetadata,
                #"\#(Self.info),"descriptors":{"effective":"IMMEDIATELY","displayName":"\#(sku(31))"}"#,
                "descriptors.displayName"
            ),
            (
                .changeSubscriptionMetadata, #"\#(Self.info),"descriptors":{"effective":"LATER"}"#,
                "descriptors.effective"
            ),
            (
                .changeSubscriptionMetadata, #"\#(Self.info),"items":[{"effective":"IMMEDIATELY"}]"#,
                "items[0].currentSKU is required"
            ),
            (.changeSubscriptionMetadata, #"\#(Self.info),"taxCode":"""#, "taxCode is empty"),
            (
                .revokeSubscription,
                #"\#(Self.info),"refundRiskingPreference":true,"refundType":"HALF","refundReason":"LEGAL""#,
                "refundType"
            ),
            (
                .revokeSubscription, #"\#(Self.info),"refundType":"FULL","refundReason":"LEGAL""#,
                "refundRiskingPreference is required"
            ),
            (
                .requestTransactionRefund,
                refund(#"{"SKU":"a","revoke":true,"refundReason":"LEGAL","refundType":"CUSTOM","refundAmount":0}"#), nil
            ),
            (
                .requestTransactionRefund,
                refund(#"{"SKU":"a","revoke":true,"refundReason":"WHY","refundType":"FULL"}"#), "items[0].refundReason"
            ),
            (
                .requestTransactionRefund,
                refund(#"{"SKU":"","revoke":true,"refundReason":"LEGAL","refundType":"FULL"}"#), "items[0].SKU is empty"
            ),
            (
                .migrateSubscription,
                #"\#(Self.info),"descriptors":{"description":"e","displayName":"d"},"items":[{"SKU":"s","description":"e","displayName":"d"}],"targetProductId":"p","taxCode":"t","renewalItems":[]"#,
                "renewalItems is empty"
            ),
            (
                .migrateSubscription,
                #"\#(Self.info),"descriptors":{"description":"e","displayName":"d"},"items":[{"SKU":"s","description":"e","displayName":"d"}],"taxCode":"t""#,
                "targetProductId is required"
            ),
        ]
        for (operation, members, refusal) in cases {
            do throws(AppStoreServerAPIError) {
                _ = try Self.request(operation, members)
                #expect(refusal == nil, "\(operation) {\(members)} was taken")
            } catch {
                #expect(error.kind == .invalidRequest)
                #expect(
                    refusal.map { error.message.contains($0) } == true, "\(operation) {\(members)}: \(error.message)")
            }
        }
        #expect(throws: AppStoreServerAPIError.self) { try Self.request(.cancelSubscription, Self.info, id: "") }
        #expect(throws: AppStoreServerAPIError.self) {
            try AppStoreServerAPIRequest.advancedCommerce(.getTransactionInfo, transactionID: "1", body: [])
        }
    }

    /// Made in code, a body is checked the same way when it is sent.
    @Test func aBodyMadeInCodeIsCheckedToo() throws {
        let info = AdvancedCommerceRequestInfo(requestReferenceId: "f55df048-4cd8-4261-b404-b6f813ff70e5")
        let good = AdvancedCommerceSubscriptionCancelRequest(requestInfo: info, storefront: "FRA")
        let request = try AppStoreServerAPIRequest.advancedCommerce(transactionID: "7", body: good)
        #expect(request.pathAndQuery == "/advancedCommerce/v1/subscription/cancel/7")
        let bad = AdvancedCommerceSubscriptionCancelRequest(requestInfo: info, storefront: "France")
        #expect(throws: AppStoreServerAPIError.self) {
            try AppStoreServerAPIRequest.advancedCommerce(transactionID: "7", body: bad)
        }
    }
}
