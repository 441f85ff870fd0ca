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
                arguments[APIOptionTable.historyVersion] == "1" ? .v1 : .v2
            return try .getTransactionHistory(
                transactionID: first, revision: arguments[APIOptionTable.revision],
                filter: try historyFilter(arguments),
                version: version)
        case .getTransactionInfo: return try .getTransactionInfo(transactionID: first)
        case .getAllSubscriptionStatuses:
            let status = try arguments[APIOptionTable.status].map { text throws(UsageError) in
                guard let value = Int(text), (1...5).contains(value) else {
                    throw UsageError("--status takes a subscription status from 1 to 5, not '\(text)'")
                }
                return value
            }
            return try .getAllSubscriptionStatuses(transactionID: first, status: status)
        case .getAppTransactionInfo: return try .getAppTransactionInfo(transactionID: first)
        case .lookUpOrderID: return try .lookUpOrderID(first)
        case .getRefundHistory:
            return try .getRefundHistory(transactionID: first, revision: arguments[APIOptionTable.revision])
        case .getNotificationHistory:
            return try .getNotificationHistory(
                paginationToken: arguments[APIOptionTable.paginationToken],
                body: try body(arguments) {
                    [
                        "startDate": try integer(arguments, APIOptionTable.startDate),
                        "endDate": try integer(arguments, APIOptionTable.endDate),
                        "notificationType": arguments[APIOptionTable.notificationType].map(JSONValue.string),
                        "notificationSubtype": arguments[APIOptionTable.notificationSubtype].map(JSONValue.string),
                        "onlyFailures": arguments[APIOptionTable.onlyFailures] ? .bool(true) : nil,
                        "transactionId": arguments[APIOptionTable.transactionID].map(JSONValue.string),
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
                    members["productId"] = arguments[APIOptionTable.productID].last.map(JSONValue.string)
                    let codes = arguments[APIOptionTable.storefrontCountryCode]
                    members["storefrontCountryCodes"] = codes.isEmpty ? nil : .array(codes.map(JSONValue.string))
                    return members
                })
        case .getStatusOfSubscriptionRenewalDateExtensions:
            return try .getStatusOfSubscriptionRenewalDateExtensions(requestIdentifier: first, productID: second)
        case .setAppAccountToken:
            return try .setAppAccountToken(
                originalTransactionID: first,
                body: try body(arguments) {
                    ["appAccountToken": arguments[APIOptionTable.appAccountToken].map(JSONValue.string)]
                })
        case .finishTransaction: return try .finishTransaction(transactionID: first)
        case .uploadImage:
            guard let path = arguments[APIOptionTable.image] else {
                throw UsageError("upload-image needs --image FILE (a PNG)")
            }
            return try .uploadImage(
                imageIdentifier: first, image: try InputFile.contents(of: path, limit: imageLimit),
                imageSize: arguments[APIOptionTable.imageSize])
        case .deleteImage: return try .deleteImage(imageIdentifier: first)
        case .getImageList: return .getImageList()
        case .uploadMessage: return try .uploadMessage(messageIdentifier: first, body: try body(arguments))
        case .deleteMessage: return try .deleteMessage(messageIdentifier: first)
        case .getMessageList: return .getMessageList()
        case .configureDefaultMessage:
            return try .configureDefaultMessage(
                productID: first, locale: second,
                body: try body(arguments) {
                    ["messageIdentifier": arguments[APIOptionTable.messageID].map(JSONValue.string)]
                }
            )
        case .deleteDefaultMessage: return try .deleteDefaultMessage(productID: first, locale: second)
        case .getDefaultMessage: return try .getDefaultMessage(productID: first, locale: second)
        case .configureRealtimeURL:
            return try .configureRealtimeURL(
                body: try body(arguments) {
                    ["realtimeURL": arguments[APIOptionTable.realtimeURL].map(JSONValue.string)]
                })
        case .deleteRealtimeURL: return .deleteRealtimeURL()
        case .getRealtimeURL: return .getRealtimeURL()
        case .initiatePerformanceTest: return try .initiatePerformanceTest(body: try body(arguments))
        case .getPerformanceTestResults: return try .getPerformanceTestResults(requestID: first)
        }
    }

    static func historyFilter(_ arguments: ParsedArguments) throws(UsageError) -> TransactionHistoryFilter {
        TransactionHistoryFilter(
            startDate: try integer(arguments, APIOptionTable.startDate)?.integerValue,
            endDate: try integer(arguments, APIOptionTable.endDate)?.integerValue,
            productIDs: arguments[APIOptionTable.productID],
            productTypes: arguments[APIOptionTable.productType].map { $0.uppercased() },
            sort: arguments[APIOptionTable.sort]?.uppercased(),
            subscriptionGroupIdentifiers: arguments[APIOptionTable.subscriptionGroupID],
            inAppOwnershipType: arguments[APIOptionTable.ownershipType]?.uppercased(),
            revoked: arguments[APIOptionTable.revoked].map { $0.lowercased() == "true" })
    }

    /// The members of a renewal date extension request the flags give.
    private static func renewalExtension(_ arguments: ParsedArguments) throws(UsageError) -> [String: JSONValue?] {
        [
            "extendByDays": try integer(arguments, APIOptionTable.extendByDays),
            "extendReasonCode": try integer(arguments, APIOptionTable.extendReasonCode),
            "requestIdentifier": arguments[APIOptionTable.requestIdentifier].map(JSONValue.string),
        ]
    }

    /// `--body FILE` as given, or the JSON object the flags make (members without a value left out);
    /// not both, so that no flag is silently ignored.
    private static func body(
        _ arguments: ParsedArguments, flags: () throws -> [String: JSONValue?] = { [:] }
    ) throws -> [UInt8] {
        let members = try flags().compactMapValues { $0 }
        if let path = arguments[APIOptionTable.body] {
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
        guard let body = JSONValue.object(members).json(pretty: false) else {
            throw UsageError("the request body cannot be written as JSON")
        }
        return Array(body.utf8)
    }

    private static func integer(_ arguments: ParsedArguments, _ option: OptionKey<String>) throws(UsageError)
        -> JSONValue?
    {
        guard let text = arguments[option] else { return nil }
        guard let value = Int64(text), value >= 0 else {
            throw UsageError("\(option.flag) takes a whole number, not '\(text)'")
        }
        return .integer(value)
    }
}

extension JSONValue {
    fileprivate var integerValue: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }
}
