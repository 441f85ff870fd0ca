import Foundation
import Testing

/// The response bodies the mock App Store Server API serves, each element signed by the EC test PKI with
/// `make-receipt --jws`, dated around now so that nothing in them is stale: one customer (original
/// transaction 1000000000000001, app transaction 705000000000001) with a monthly subscription active
/// until 20 days from now, whose history comes in three pages.
struct MockResponses {
    let directory: String
    let pki: String
    let output: String

    static let appTransactionID = "705000000000001"
    static let product = "pro.monthly"
    /// The transaction ids of the history's pages, in order.
    static let pages = [
        ["1000000000000001", "1000000000000002"], ["1000000000000003", "1000000000000004"], ["1000000000000005"],
    ]

    private func date(days: Double) -> String {
        Date().addingTimeInterval(days * 86_400).ISO8601Format()
    }

    /// A renewal of the subscription, `index` of `count` (from 1): each 30 days long, the last one bought
    /// 10 days ago and active for 20 days more.
    func transaction(_ id: String, index: Int, of count: Int) -> String {
        let start = Double(index - count) * 30 - 10
        return """
            {"transactionId":"\(id)","originalTransactionId":"1000000000000001","bundleId":"\(MockAppStoreAPI.bundleID)",
            "productId":"\(Self.product)","subscriptionGroupIdentifier":"21000001","purchaseDate":"\(date(days: start))",
            "originalPurchaseDate":"\(date(days: Double(1 - count) * 30 - 10))","expiresDate":"\(date(days: start + 30))",
            "type":"Auto-Renewable Subscription","inAppOwnershipType":"PURCHASED","environment":"Production",
            "signedDate":"\(date(days: -0.01))","appTransactionId":"\(Self.appTransactionID)"}
            """
    }

    func history(page: Int) -> String {
        let all = Self.pages.flatMap { $0 }
        let elements = Self.pages[page].map { id in
            transaction(id, index: (all.firstIndex(of: id) ?? 0) + 1, of: all.count)
        }
        let hasMore = page + 1 < Self.pages.count
        return """
            {"revision":"revision-\(page + 1)","bundleId":"\(MockAppStoreAPI.bundleID)","appAppleId":1234,
            "environment":"Production","hasMore":\(hasMore),"signedTransactions":[\(elements.joined(separator: ","))]}
            """
    }

    var current: String { transaction("1000000000000005", index: 5, of: 5) }

    var renewalInfo: String {
        """
        {"originalTransactionId":"1000000000000001","autoRenewProductId":"\(Self.product)","productId":"\(Self.product)",
        "autoRenewStatus":1,"signedDate":"\(date(days: -0.01))","environment":"Production",
        "recentSubscriptionStartDate":"\(date(days: -110))","renewalDate":"\(date(days: 20))",
        "appTransactionId":"\(Self.appTransactionID)"}
        """
    }

    var appTransaction: String {
        """
        {"bundleId":"\(MockAppStoreAPI.bundleID)","appAppleId":1234,"applicationVersion":"60",
        "originalApplicationVersion":"37","originalPurchaseDate":"\(date(days: -400))",
        "receiptCreationDate":"\(date(days: -0.01))","receiptType":"Production","environment":"Production",
        "signedDate":"\(date(days: -0.01))","appTransactionId":"\(Self.appTransactionID)"}
        """
    }

    /// The notification history's pages: each notification's UUID, in order (one a page).
    static let notificationPages = ["a1f0c3d2-7b6e-4c5d-9e8f-0a1b2c3d4e5f", "002e14d5-51f5-4503-b5a8-c3a1af68eb20"]

    var notification: String { notification(uuid: Self.notificationPages[1]) }

    func notification(uuid: String) -> String {
        """
        {"notificationType":"DID_RENEW","notificationUUID":"\(uuid)","version":"2.0",
        "signedDate":"\(date(days: -0.01))","data":{"appAppleId":1234,"bundleId":"\(MockAppStoreAPI.bundleID)",
        "environment":"Production","status":1,"signedTransactionInfo":\(current),"signedRenewalInfo":\(renewalInfo)}}
        """
    }

    /// Writes every file the mock reads into `output`.
    func write() throws {
        for page in Self.pages.indices {
            try sign(history(page: page), to: "history-\(page + 1).json")
        }
        let bundle = MockAppStoreAPI.bundleID
        try sign(#"{"signedTransactionInfo":\#(current)}"#, to: "transaction-info.json")
        for id in MockAppStoreAPI.Scenario.ownTransactionInfo {
            try sign(
                #"{"signedTransactionInfo":\#(transaction(id, index: 5, of: 5))}"#, to: "transaction-info-\(id).json")
        }
        try sign(#"{"signedAppTransactionInfo":\#(appTransaction)}"#, to: "app-transaction-info.json")
        try writeAdvancedCommerce()
        // The sandbox's answer for a transaction production does not know (`api --environment auto`).
        let sandboxTransaction = transaction(MockAppStoreAPI.Scenario.sandboxOnly, index: 5, of: 5)
            .replacingOccurrences(of: #""environment":"Production""#, with: #""environment":"Sandbox""#)
        try sign(#"{"signedTransactionInfo":\#(sandboxTransaction)}"#, to: "transaction-info-sandbox.json")
        try sign(
            """
            {"environment":"Production","bundleId":"\(bundle)","appAppleId":1234,"data":[{"subscriptionGroupIdentifier":
            "21000001","lastTransactions":[{"originalTransactionId":"1000000000000001","status":1,
            "signedTransactionInfo":\(current),"signedRenewalInfo":\(renewalInfo)}]}]}
            """, to: "statuses.json")
        try sign(#"{"status":0,"signedTransactions":[\#(current)]}"#, to: "order-lookup.json")
        // Two pages each: the refunds of transactions 1000000000000003 and 1000000000000005, a notification
        // on each page; the last page's token, given again, answers nothing newer.
        for (page, id) in ["1000000000000003", "1000000000000005"].enumerated() {
            try sign(
                #"{"revision":"refunds-\#(page + 1)","hasMore":\#(page == 0),"signedTransactions":[\#(transaction(id, index: 3 + 2 * page, of: 5))]}"#,
                to: "refund-history-\(page + 1).json")
        }
        for (page, uuid) in Self.notificationPages.enumerated() {
            try sign(
                """
                {"hasMore":\(page == 0),"paginationToken":"notifications-\(page + 1)","notificationHistory":[{
                "sendAttempts":[{"attemptDate":\(Int64(Date().timeIntervalSince1970 * 1000)),
                "sendAttemptResult":"SUCCESS"}],"signedPayload":\(notification(uuid: uuid))}]}
                """, to: "notification-history-\(page + 1).json")
        }
        let signedNotification = try sign(notification, to: "notification.jws")
        try write(
            #"{"signedPayload":"\#(signedNotification.trimmingCharacters(in: .whitespacesAndNewlines))"}"#,
            to: "test-notification-status.json")
        try writeForgedHistory()
    }

    /// The Advanced Commerce answers: the subscription's current transaction and its renewal info; the
    /// transaction alone for a refund; and for `advancedCommerceSwapped`, a renewal info of another subscription.
    private func writeAdvancedCommerce() throws {
        try sign(
            #"{"signedTransactionInfo":\#(current),"signedRenewalInfo":\#(renewalInfo)}"#, to: "advanced-commerce.json")
        try sign(#"{"signedTransactionInfo":\#(current)}"#, to: "advanced-commerce-refund.json")
        let other = renewalInfo.replacingOccurrences(of: "\"1000000000000001\"", with: "\"3000000000000001\"")
        try sign(
            #"{"signedTransactionInfo":\#(current),"signedRenewalInfo":\#(other)}"#,
            to: "advanced-commerce-\(Self.advancedCommerceSwapped).json")
    }

    /// The id whose Advanced Commerce answer pairs the transaction with another subscription's renewal info.
    static let advancedCommerceSwapped = "1000000000000005"

    /// A history of two elements, the second with its payload changed after it was signed (its product
    /// made a lifetime one): its signature no longer verifies, and the response must be invalid.
    private func writeForgedHistory() throws {
        let first = transaction("1000000000000001", index: 4, of: 5)
        let body = """
            {"revision":"forged-1","bundleId":"\(MockAppStoreAPI.bundleID)","appAppleId":1234,"environment":"Production",
            "hasMore":false,"signedTransactions":[\(first),\(current)]}
            """
        let signed = try sign(body, to: "history-forged.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(signed.utf8)) as? [String: Any])
        var elements = try #require(object["signedTransactions"] as? [String])
        let parts = elements[1].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 3)
        let payload = try #require(Self.base64URLDecoded(parts[1]))
        let forged = String(decoding: payload, as: UTF8.self).replacingOccurrences(
            of: "\"\(Self.product)\"", with: "\"pro.lifetime\"")
        try #require(forged != String(decoding: payload, as: UTF8.self), "the product id was not in the payload")
        elements[1] = [parts[0], Self.base64URLEncoded(Data(forged.utf8)), parts[2]].joined(separator: ".")
        object["signedTransactions"] = elements
        try write(
            String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self),
            to: "history-forged.json")
    }

    @discardableResult private func sign(_ spec: String, to name: String) throws -> String {
        let specPath = directory + "/spec-\(name).json"
        try Data(spec.utf8).write(to: URL(fileURLWithPath: specPath))
        let file = output + "/" + name
        let made = try CLI.run(["make-receipt", "--jws", "--spec", specPath, "--pki", pki, "-o", file])
        guard made.status == 0 else {
            throw MockAppStoreAPI.SetupFailure(description: "make-receipt --jws \(name): \(made.stderr)")
        }
        return try String(contentsOfFile: file, encoding: .utf8)
    }

    private func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output + "/" + name))
    }

    static func base64URLDecoded(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    static func base64URLEncoded(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
