import Foundation
import Testing

@testable import ReceiptKit

/// Each operation's request as Apple's Python `AppStoreServerAPIClient` 3.1.2 builds it (its
/// `api_client.py`: the method, the path, the query in the order it adds the parameters, the body).
@Suite struct AppStoreServerAPIRequestTests {
    typealias R = AppStoreServerAPIRequest

    static let body = Array(#"{"a":1}"#.utf8)

    /// The expected method, path with query, and whether a JSON body goes with it, per operation.
    static func table() throws -> [(R, String, String, Bool)] {
        let b = body
        return [
            (try .getTransactionHistory(transactionID: "1000"), "GET", "/inApps/v2/history/1000", false),
            (
                try .getTransactionHistory(
                    transactionID: "1000", revision: "rev1",
                    filter: .init(
                        startDate: 1, endDate: 2, productIDs: ["p1", "p2"], productTypes: ["CONSUMABLE"],
                        sort: "DESCENDING", subscriptionGroupIdentifiers: ["g1"], inAppOwnershipType: "PURCHASED",
                        revoked: false), version: .v1), "GET",
                "/inApps/v1/history/1000?revision=rev1&startDate=1&endDate=2&productId=p1&productId=p2"
                    + "&productType=CONSUMABLE&sort=DESCENDING&subscriptionGroupIdentifier=g1"
                    + "&inAppOwnershipType=PURCHASED&revoked=False", false
            ),
            (try .getTransactionInfo(transactionID: "1000"), "GET", "/inApps/v1/transactions/1000", false),
            (try .getAllSubscriptionStatuses(transactionID: "1000"), "GET", "/inApps/v1/subscriptions/1000", false),
            (
                try .getAllSubscriptionStatuses(transactionID: "1000", status: [1, 4]), "GET",
                "/inApps/v1/subscriptions/1000?status=1&status=4", false
            ),
            (
                try .getAppTransactionInfo(transactionID: "1000"), "GET",
                "/inApps/v1/transactions/appTransactions/1000",
                false
            ),
            (try .lookUpOrderID("MQ1"), "GET", "/inApps/v1/lookup/MQ1", false),
            (try .getRefundHistory(transactionID: "1000"), "GET", "/inApps/v2/refund/lookup/1000", false),
            (
                try .getRefundHistory(transactionID: "1000", revision: "r"), "GET",
                "/inApps/v2/refund/lookup/1000?revision=r", false
            ),
            (try .getNotificationHistory(body: b), "POST", "/inApps/v1/notifications/history", true),
            (
                try .getNotificationHistory(paginationToken: "t 1", body: b), "POST",
                "/inApps/v1/notifications/history?paginationToken=t+1", true
            ),
            (.requestTestNotification(), "POST", "/inApps/v1/notifications/test", false),
            (try .getTestNotificationStatus(token: "tok"), "GET", "/inApps/v1/notifications/test/tok", false),
            (
                try .sendConsumptionData(transactionID: "1000", body: b), "PUT",
                "/inApps/v1/transactions/consumption/1000", true
            ),
            (
                try .sendConsumptionInformation(transactionID: "1000", body: b), "PUT",
                "/inApps/v2/transactions/consumption/1000", true
            ),
            (
                try .extendSubscriptionRenewalDate(originalTransactionID: "1000", body: b), "PUT",
                "/inApps/v1/subscriptions/extend/1000", true
            ),
            (
                try .extendRenewalDateForAllActiveSubscribers(body: b), "POST", "/inApps/v1/subscriptions/extend/mass",
                true
            ),
            (
                try .getStatusOfSubscriptionRenewalDateExtensions(requestIdentifier: "req", productID: "prod"), "GET",
                "/inApps/v1/subscriptions/extend/mass/prod/req", false
            ),
            (
                try .setAppAccountToken(originalTransactionID: "1000", body: b), "PUT",
                "/inApps/v1/transactions/1000/appAccountToken", true
            ),
            (try .finishTransaction(transactionID: "1000"), "POST", "/inApps/v1/transactions/1000/finish", false),
            (try .deleteImage(imageIdentifier: "img"), "DELETE", "/inApps/v1/messaging/image/img", false),
            (.getImageList(), "GET", "/inApps/v1/messaging/image/list", false),
            (try .uploadMessage(messageIdentifier: "m", body: b), "PUT", "/inApps/v1/messaging/message/m", true),
            (try .deleteMessage(messageIdentifier: "m"), "DELETE", "/inApps/v1/messaging/message/m", false),
            (.getMessageList(), "GET", "/inApps/v1/messaging/message/list", false),
            (
                try .configureDefaultMessage(productID: "p", locale: "en-US", body: b), "PUT",
                "/inApps/v1/messaging/default/p/en-US", true
            ),
            (
                try .deleteDefaultMessage(productID: "p", locale: "en-US"), "DELETE",
                "/inApps/v1/messaging/default/p/en-US", false
            ),
            (
                try .getDefaultMessage(productID: "p", locale: "en-US"), "GET", "/inApps/v1/messaging/default/p/en-US",
                false
            ),
            (try .configureRealtimeURL(body: b), "PUT", "/inApps/v1/messaging/realtime/url", true),
            (.deleteRealtimeURL(), "DELETE", "/inApps/v1/messaging/realtime/url", false),
            (.getRealtimeURL(), "GET", "/inApps/v1/messaging/realtime/url", false),
            (try .initiatePerformanceTest(body: b), "POST", "/inApps/v1/messaging/performanceTest", true),
            (
                try .getPerformanceTestResults(requestID: "r1"), "GET",
                "/inApps/v1/messaging/performanceTest/result/r1",
                false
            ),
        ]
    }

    @Test func everyOperationIsBuiltAsApplesClientBuildsIt() throws {
        let table = try Self.table()
        for (request, method, path, hasBody) in table {
            #expect(request.method == method, "\(request.operation)")
            #expect(request.pathAndQuery == path, "\(request.operation)")
            #expect(request.body == (hasBody ? Self.body : nil), "\(request.operation)")
            #expect(request.contentType == (hasBody ? "application/json" : nil), "\(request.operation)")
        }
        // Every operation of Apple's client but upload-image (its own test) is in the table; the Advanced
        // Commerce calls, which it lacks, are AdvancedCommerceRequestTests'.
        let covered = Set(table.map(\.0.operation))
        #expect(
            covered
                == Set(AppStoreServerAPIOperation.allCases.filter { !$0.isAdvancedCommerce }).subtracting([.uploadImage]
                ))
    }

    @Test func uploadImageSendsThePNGWithItsSize() throws {
        let request = try R.uploadImage(imageIdentifier: "i1", image: [0x89, 0x50], imageSize: "FULL_SIZE")
        #expect(request.method == "PUT" && request.pathAndQuery == "/inApps/v1/messaging/image/i1?imageSize=FULL_SIZE")
        #expect(request.body == [0x89, 0x50] && request.contentType == "image/png")
    }

    /// A value cannot leave its path segment or its query parameter.
    @Test func valuesArePercentEncoded() throws {
        #expect(try R.getTransactionInfo(transactionID: "1/../x?y").path == "/inApps/v1/transactions/1%2F..%2Fx%3Fy")
        #expect(
            try R.getRefundHistory(transactionID: "1", revision: "a&b=c").pathAndQuery
                == "/inApps/v2/refund/lookup/1?revision=a%26b%3Dc")
    }

    @Test func emptyIdentifiersAndBodiesThatAreNotObjectsAreRefused() {
        #expect(throws: AppStoreServerAPIError.self) { try R.getTransactionInfo(transactionID: "") }
        #expect(throws: AppStoreServerAPIError.self) { try R.configureRealtimeURL(body: Array("[1]".utf8)) }
        #expect(throws: AppStoreServerAPIError.self) { try R.configureRealtimeURL(body: Array("{".utf8)) }
    }
}
