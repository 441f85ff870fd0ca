import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An `api` command line as the request it asks for: the operation's operands (in the order Apple's
/// libraries take them) and flags, or a `--body` file for the request's JSON.
enum APIRequestArguments {
    /// The operands each operation takes.
    static func operands(of operation: AppStoreServerAPIOperation) -> [String] {
        switch operation {
        case .getTransactionHistory, .getTransactionInfo, .getAllSubscriptionStatuses, .getAppTransactionInfo,
            .getRefundHistory, .sendConsumptionData, .sendConsumptionInformation, .finishTransaction:
            ["TRANSACTION_ID"]
        case .extendSubscriptionRenewalDate, .setAppAccountToken: ["ORIGINAL_TRANSACTION_ID"]
        case .lookUpOrderID: ["ORDER_ID"]
        case .getTestNotificationStatus: ["TEST_NOTIFICATION_TOKEN"]
        case .getStatusOfSubscriptionRenewalDateExtensions: ["REQUEST_IDENTIFIER", "PRODUCT_ID"]
        case .uploadImage, .deleteImage: ["IMAGE_IDENTIFIER"]
        case .uploadMessage, .deleteMessage: ["MESSAGE_IDENTIFIER"]
        case .configureDefaultMessage, .deleteDefaultMessage, .getDefaultMessage: ["PRODUCT_ID", "LOCALE"]
        case .getPerformanceTestResults: ["REQUEST_ID"]
        case .getNotificationHistory, .requestTestNotification, .extendRenewalDateForAllActiveSubscribers,
            .getImageList, .getMessageList, .configureRealtimeURL, .deleteRealtimeURL, .getRealtimeURL,
            .initiatePerformanceTest:
            []
        }
    }

    /// A request body is a small JSON object; an image at most a few megabytes.
    private static let bodyLimit = 1 << 20
    private static let imageLimit = 8 << 20

    /// The request; `values`: the operation's operands, in order (their count already checked).
    static func request(
        _ operation: AppStoreServerAPIOperation, _ values: [String], _ arguments: ParsedArguments
    ) throws -> AppStoreServerAPIRequest {
        let first = values.first ?? ""
        let second = values.dropFirst().first ?? ""
        switch operation {
        case .getTransactionHistory:
            let version: AppStoreServerAPIRequest.TransactionHistoryVersion =
                arguments.value("history-version") == "1" ? .v1 : .v2
            return try .getTransactionHistory(
                transactionID: first, revision: arguments.value("revision"), filter: try historyFilter(arguments),
                version: version)
        case .getTransactionInfo: return try .getTransactionInfo(transactionID: first)
        case .getAllSubscriptionStatuses:
            let status = try arguments.all("status").map { text throws(UsageError) in
                guard let value = Int(text), (1...5).contains(value) else {
                    throw UsageError("--status takes a subscription status from 1 to 5, not '\(text)'")
                }
                return value
            }
            return try .getAllSubscriptionStatuses(transactionID: first, status: status)
        case .getAppTransactionInfo: return try .getAppTransactionInfo(transactionID: first)
        case .lookUpOrderID: return try .lookUpOrderID(first)
        case .getRefundHistory:
            return try .getRefundHistory(transactionID: first, revision: arguments.value("revision"))
        case .getNotificationHistory:
            return try .getNotificationHistory(
                paginationToken: arguments.value("pagination-token"),
                body: try body(arguments) {
                    [
                        "startDate": try integer(arguments, "start-date"),
                        "endDate": try integer(arguments, "end-date"),
                        "notificationType": arguments.value("notification-type").map(JSONValue.string),
                        "notificationSubtype": arguments.value("notification-subtype").map(JSONValue.string),
                        "onlyFailures": arguments.flag("only-failures") ? .bool(true) : nil,
                        "transactionId": arguments.value("transaction-id").map(JSONValue.string),
                    ]
                })
        case .requestTestNotification: return .requestTestNotification()
        case .getTestNotificationStatus: return try .getTestNotificationStatus(token: first)
        case .sendConsumptionData: return try .sendConsumptionData(transactionID: first, body: try body(arguments))
        case .sendConsumptionInformation:
            return try .sendConsumptionInformation(transactionID: first, body: try body(arguments))
        case .extendSubscriptionRenewalDate:
            return try .extendSubscriptionRenewalDate(
                originalTransactionID: first, body: try body(arguments) { try renewalExtension(arguments) })
        case .extendRenewalDateForAllActiveSubscribers:
            return try .extendRenewalDateForAllActiveSubscribers(
                body: try body(arguments) {
                    var members = try renewalExtension(arguments)
                    members["productId"] = arguments.value("product-id").map(JSONValue.string)
                    let codes = arguments.all("storefront-country-code")
                    members["storefrontCountryCodes"] = codes.isEmpty ? nil : .array(codes.map(JSONValue.string))
                    return members
                })
        case .getStatusOfSubscriptionRenewalDateExtensions:
            return try .getStatusOfSubscriptionRenewalDateExtensions(requestIdentifier: first, productID: second)
        case .setAppAccountToken:
            return try .setAppAccountToken(
                originalTransactionID: first,
                body: try body(arguments) {
                    ["appAccountToken": arguments.value("app-account-token").map(JSONValue.string)]
                })
        case .finishTransaction: return try .finishTransaction(transactionID: first)
        case .uploadImage:
            guard let path = arguments.value("image") else {
                throw UsageError("upload-image needs --image FILE (a PNG)")
            }
            return try .uploadImage(
                imageIdentifier: first, image: try InputFile.contents(of: path, limit: imageLimit),
                imageSize: arguments.value("image-size"))
        case .deleteImage: return try .deleteImage(imageIdentifier: first)
        case .getImageList: return .getImageList()
        case .uploadMessage: return try .uploadMessage(messageIdentifier: first, body: try body(arguments))
        case .deleteMessage: return try .deleteMessage(messageIdentifier: first)
        case .getMessageList: return .getMessageList()
        case .configureDefaultMessage:
            return try .configureDefaultMessage(
                productID: first, locale: second,
                body: try body(arguments) { ["messageIdentifier": arguments.value("message-id").map(JSONValue.string)] }
            )
        case .deleteDefaultMessage: return try .deleteDefaultMessage(productID: first, locale: second)
        case .getDefaultMessage: return try .getDefaultMessage(productID: first, locale: second)
        case .configureRealtimeURL:
            return try .configureRealtimeURL(
                body: try body(arguments) { ["realtimeURL": arguments.value("realtime-url").map(JSONValue.string)] })
        case .deleteRealtimeURL: return .deleteRealtimeURL()
        case .getRealtimeURL: return .getRealtimeURL()
        case .initiatePerformanceTest: return try .initiatePerformanceTest(body: try body(arguments))
        case .getPerformanceTestResults: return try .getPerformanceTestResults(requestID: first)
        }
    }

    static func historyFilter(_ arguments: ParsedArguments) throws(UsageError) -> TransactionHistoryFilter {
        TransactionHistoryFilter(
            startDate: try integer(arguments, "start-date")?.integerValue,
            endDate: try integer(arguments, "end-date")?.integerValue, productIDs: arguments.all("product-id"),
            productTypes: arguments.all("product-type").map { $0.uppercased() },
            sort: arguments.value("sort")?.uppercased(),
            subscriptionGroupIdentifiers: arguments.all("subscription-group-id"),
            inAppOwnershipType: arguments.value("ownership-type")?.uppercased(),
            revoked: arguments.value("revoked").map { $0.lowercased() == "true" })
    }

    /// The members of a renewal date extension request the flags give.
    private static func renewalExtension(_ arguments: ParsedArguments) throws(UsageError) -> [String: JSONValue?] {
        [
            "extendByDays": try integer(arguments, "extend-by-days"),
            "extendReasonCode": try integer(arguments, "extend-reason-code"),
            "requestIdentifier": arguments.value("request-identifier").map(JSONValue.string),
        ]
    }

    /// `--body FILE` as given, or the JSON object the flags make (members without a value left out);
    /// not both, so that no flag is silently ignored.
    private static func body(
        _ arguments: ParsedArguments, flags: () throws -> [String: JSONValue?] = { [:] }
    ) throws -> [UInt8] {
        let members = try flags().compactMapValues { $0 }
        if let path = arguments.value("body") {
            guard members.isEmpty else {
                throw UsageError(
                    "--body and the flags for " + members.keys.sorted().joined(separator: ", ")
                        + " contradict each other: give one")
            }
            return try InputFile.contents(of: path, limit: bodyLimit)
        }
        guard !members.isEmpty else {
            throw UsageError("this operation needs a request body: --body FILE (JSON, - for standard input)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(JSONValue.object(members)))
    }

    private static func integer(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> JSONValue? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = Int64(text), value >= 0 else {
            throw UsageError("--\(name) takes a whole number, not '\(text)'")
        }
        return .integer(value)
    }
}

extension JSONValue {
    fileprivate var integerValue: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }
}
