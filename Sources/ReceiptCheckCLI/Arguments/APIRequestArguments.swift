import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An `api` command line as its request: the operation's operands (in Apple's order) and flags, or `--body`.
enum APIRequestArguments {
    static func operands(of operation: AppStoreServerAPIOperation) -> [String] {
        switch operation {
        case .getTransactionHistory, .getTransactionInfo, .getAllSubscriptionStatuses, .getAppTransactionInfo,
            .getRefundHistory, .sendConsumptionData, .sendConsumptionInformation, .finishTransaction,
            .cancelSubscription, .changeSubscriptionMetadata, .changeSubscriptionPrice, .migrateSubscription,
            .revokeSubscription, .requestTransactionRefund:
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

    /// Reads a file an option names (`--body`, `--image`), at most `limit` bytes: `Commands/` does.
    typealias FileReader = (_ file: InputPath, _ limit: Int) throws -> [UInt8]

    /// The request; `values`: the operation's operands, count checked; `read` reads the files the options name.
    static func request(
        _ operation: AppStoreServerAPIOperation, _ values: [String], _ arguments: ParsedArguments, read: FileReader
    ) throws -> AppStoreServerAPIRequest {
        let first = values.first ?? ""
        let second = values.dropFirst().first ?? ""
        let asked = try idKind(operation, arguments)
        switch operation {
        case .getTransactionHistory:
            return try .getTransactionHistory(
                transactionID: first, revision: arguments[APIOptionTable.revision],
                filter: try historyFilter(arguments),
                version: try historyVersion(arguments), asked: asked)
        case .getTransactionInfo: return try .getTransactionInfo(transactionID: first)
        case .getAllSubscriptionStatuses:
            return try .getAllSubscriptionStatuses(
                transactionID: first, status: try arguments.values(APIOptionTable.status), asked: asked)
        case .getAppTransactionInfo: return try .getAppTransactionInfo(transactionID: first, asked: asked)
        case .lookUpOrderID: return try .lookUpOrderID(first)
        case .getRefundHistory:
            return try .getRefundHistory(
                transactionID: first, revision: arguments[APIOptionTable.revision], asked: asked)
        case .getNotificationHistory:
            return try .getNotificationHistory(
                paginationToken: arguments[APIOptionTable.paginationToken],
                body: try body(arguments, read) {
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
        case .sendConsumptionData:
            return try .sendConsumptionData(transactionID: first, body: try body(arguments, read))
        case .sendConsumptionInformation:
            return try .sendConsumptionInformation(transactionID: first, body: try body(arguments, read))
        case .extendSubscriptionRenewalDate:
            return try .extendSubscriptionRenewalDate(
                originalTransactionID: first, body: try body(arguments, read) { try renewalExtension(arguments) })
        case .extendRenewalDateForAllActiveSubscribers:
            return try .extendRenewalDateForAllActiveSubscribers(
                body: try body(arguments, read) {
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
                body: try body(arguments, read) {
                    ["appAccountToken": arguments[APIOptionTable.appAccountToken].map(JSONValue.string)]
                })
        case .finishTransaction: return try .finishTransaction(transactionID: first)
        case .uploadImage:
            guard let file = try arguments.value(APIOptionTable.image) else {
                throw UsageError("upload-image needs --image FILE (a PNG)")
            }
            return try .uploadImage(
                imageIdentifier: first, image: try read(file, imageLimit),
                imageSize: try arguments.value(APIOptionTable.imageSize)?.rawValue)
        case .deleteImage: return try .deleteImage(imageIdentifier: first)
        case .getImageList: return .getImageList()
        case .uploadMessage: return try .uploadMessage(messageIdentifier: first, body: try body(arguments, read))
        case .deleteMessage: return try .deleteMessage(messageIdentifier: first)
        case .getMessageList: return .getMessageList()
        case .configureDefaultMessage:
            return try .configureDefaultMessage(
                productID: first, locale: second,
                body: try body(arguments, read) {
                    ["messageIdentifier": arguments[APIOptionTable.messageID].map(JSONValue.string)]
                }
            )
        case .deleteDefaultMessage: return try .deleteDefaultMessage(productID: first, locale: second)
        case .getDefaultMessage: return try .getDefaultMessage(productID: first, locale: second)
        case .configureRealtimeURL:
            return try .configureRealtimeURL(
                body: try body(arguments, read) {
                    ["realtimeURL": try arguments.value(APIOptionTable.realtimeURL).map { JSONValue.string($0.text) }]
                })
        case .deleteRealtimeURL: return .deleteRealtimeURL()
        case .getRealtimeURL: return .getRealtimeURL()
        case .initiatePerformanceTest: return try .initiatePerformanceTest(body: try body(arguments, read))
        case .getPerformanceTestResults: return try .getPerformanceTestResults(requestID: first)
        case .cancelSubscription, .changeSubscriptionMetadata, .changeSubscriptionPrice, .migrateSubscription,
            .revokeSubscription, .requestTransactionRefund:
            return try .advancedCommerce(operation, transactionID: first, body: try body(arguments, read))
        }
    }

    /// `--id-kind`: a transaction's id unless given. An app transaction id is refused where Apple takes
    /// none, before anything is sent: that answer would be believed held to a customer it is not.
    static func idKind(_ operation: AppStoreServerAPIOperation, _ arguments: ParsedArguments) throws(UsageError)
        -> AppStoreServerAPIRequest.IdentifierKind
    {
        let kind = try arguments.value(APIOptionTable.idKind) ?? .transaction
        let accepted = AppStoreServerAPIRequest.IdentifierKind.accepted(by: operation)
        guard accepted.contains(kind) else {
            let taking = AppStoreServerAPIOperation.allCases.filter {
                AppStoreServerAPIRequest.IdentifierKind.accepted(by: $0).contains(kind)
            }
            throw UsageError(
                "--id-kind \(kind.rawValue): \(operation.rawValue) takes no app transaction id; these do: "
                    + taking.map(\.rawValue).joined(separator: ", "))
        }
        return kind
    }

    /// Whether every page is read (`--all-pages`, or a history no `--revision` narrows). A saved token given to
    /// another operation's option, or `--all-pages` where there are no pages, is refused: it would go unused.
    static func readsAllPages(_ operation: AppStoreServerAPIOperation, _ arguments: ParsedArguments)
        throws(UsageError) -> Bool
    {
        let asked = arguments[APIOptionTable.allPages]
        let paged = [AppStoreServerAPIOperation.getTransactionHistory, .getRefundHistory, .getNotificationHistory]
        guard paged.contains(operation) else {
            guard !asked else {
                throw UsageError(
                    "\(APIOptionTable.allPages.flag): \(operation.rawValue) answers in one page; these have pages: "
                        + paged.map(\.rawValue).joined(separator: ", "))
            }
            return false
        }
        let (own, other) =
            operation == .getNotificationHistory
            ? (APIOptionTable.paginationToken, APIOptionTable.revision)
            : (APIOptionTable.revision, APIOptionTable.paginationToken)
        if arguments[other] != nil {
            throw UsageError("\(other.flag): \(operation.rawValue) resumes with \(own.flag)")
        }
        return asked || (operation == .getTransactionHistory && arguments[own] == nil)
    }

    /// `--history-version`: 2 unless 1 is given.
    static func historyVersion(_ arguments: ParsedArguments) throws(UsageError)
        -> AppStoreServerAPIRequest.TransactionHistoryVersion
    {
        try arguments.value(APIOptionTable.historyVersion) == .v1 ? .v1 : .v2
    }

    static func historyFilter(_ arguments: ParsedArguments) throws(UsageError) -> TransactionHistoryFilter {
        TransactionHistoryFilter(
            startDate: try arguments.value(APIOptionTable.startDate),
            endDate: try arguments.value(APIOptionTable.endDate),
            productIDs: arguments[APIOptionTable.productID],
            productTypes: try arguments.values(APIOptionTable.productType).map(\.rawValue),
            sort: try arguments.value(APIOptionTable.sort)?.rawValue,
            subscriptionGroupIdentifiers: arguments[APIOptionTable.subscriptionGroupID],
            inAppOwnershipType: try arguments.value(APIOptionTable.ownershipType)?.rawValue,
            revoked: try arguments.value(APIOptionTable.revoked).map { $0 == .yes })
    }

    /// The members of a renewal date extension request the flags give.
    private static func renewalExtension(_ arguments: ParsedArguments) throws(UsageError) -> [String: JSONValue?] {
        [
            "extendByDays": try integer(arguments, APIOptionTable.extendByDays),
            "extendReasonCode": try integer(arguments, APIOptionTable.extendReasonCode),
            "requestIdentifier": arguments[APIOptionTable.requestIdentifier].map(JSONValue.string),
        ]
    }

    /// `--body FILE` or the JSON object the flags make, not both, so that no flag is silently ignored.
    private static func body(
        _ arguments: ParsedArguments, _ read: FileReader, flags: () throws -> [String: JSONValue?] = { [:] }
    ) throws -> [UInt8] {
        let members = try flags().compactMapValues { $0 }
        if let file = try arguments.value(APIOptionTable.body) {
            guard members.isEmpty else {
                throw UsageError(
                    "--body and the flags for " + members.keys.sorted().joined(separator: ", ")
                        + " contradict each other: give one")
            }
            return try read(file, bodyLimit)
        }
        guard !members.isEmpty else {
            throw UsageError("this operation needs a request body: --body FILE (JSON, - for standard input)")
        }
        guard let body = JSONValue.object(members).json(pretty: false) else {
            throw UsageError("the request body cannot be written as JSON")
        }
        return Array(body.utf8)
    }

    /// A number option's value as a member of the request's JSON body.
    private static func integer(_ arguments: ParsedArguments, _ option: OptionKey<Int64>) throws(UsageError)
        -> JSONValue?
    {
        try arguments.value(option).map(JSONValue.integer)
    }
}
