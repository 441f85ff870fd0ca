/// One factory per operation of Apple's `AppStoreServerAPIClient`: method, path, query and body as that
/// client sends them; a body is the JSON object of Apple's request type, sent as given.
extension AppStoreServerAPIRequest {
    /// Which version of Get Transaction History a request calls (`/inApps/v1/history` or `/inApps/v2/history`).
    public enum TransactionHistoryVersion: String, Sendable {
        /// The version in the request's path.
        case v1, v2
    }

    /// A JSON body is one object of Apple's request types: a few kilobytes, a few levels deep.
    private static let bodyLimits = JSONParser.Limits(maximumDepth: 16, maximumValues: 4096)

    /// One page of `get-transaction-history`; `asked`: what `transactionID` is.
    public static func getTransactionHistory(
        transactionID: String, revision: String? = nil, filter: TransactionHistoryFilter = .init(),
        version: TransactionHistoryVersion = .v2, asked: IdentifierKind = .transaction
    ) throws(AppStoreServerAPIError) -> Self {
        let head = revision.map { [QueryItem("revision", $0)] } ?? []
        let binding = try customer(transactionID, asked)
        return Self(
            .getTransactionHistory, "GET",
            [.fixed("/inApps/\(version.rawValue)/history"), .value(try id(transactionID, "transaction id"))],
            query: head + filter.queryItems, binding: binding)
    }

    /// The `get-transaction-info` request, as Apple's client builds it.
    public static func getTransactionInfo(transactionID: String) throws(AppStoreServerAPIError) -> Self {
        let asked = try id(transactionID, "transaction id")
        return Self(
            .getTransactionInfo, "GET", ["/inApps/v1/transactions", .value(asked)], binding: .transaction(asked))
    }

    /// `status`: Apple's subscription status numbers to keep (1 active ... 5 revoked); all when empty.
    public static func getAllSubscriptionStatuses(
        transactionID: String, status: [Int] = [], asked: IdentifierKind = .transaction
    ) throws(AppStoreServerAPIError) -> Self {
        Self(
            .getAllSubscriptionStatuses, "GET",
            ["/inApps/v1/subscriptions", .value(try id(transactionID, "transaction id"))],
            query: status.map { QueryItem("status", String($0)) }, binding: try customer(transactionID, asked))
    }

    /// The `get-app-transaction-info` request; `asked`: what `transactionID` is.
    public static func getAppTransactionInfo(transactionID: String, asked: IdentifierKind = .transaction)
        throws(AppStoreServerAPIError) -> Self
    {
        Self(
            .getAppTransactionInfo, "GET",
            ["/inApps/v1/transactions/appTransactions", .value(try id(transactionID, "transaction id"))],
            binding: try customer(transactionID, asked))
    }

    /// The `look-up-order-id` request, as Apple's client builds it.
    public static func lookUpOrderID(_ orderID: String) throws(AppStoreServerAPIError) -> Self {
        Self(.lookUpOrderID, "GET", ["/inApps/v1/lookup", .value(try id(orderID, "order id"))])
    }

    /// The `get-refund-history` request; `asked`: what `transactionID` is.
    public static func getRefundHistory(
        transactionID: String, revision: String? = nil, asked: IdentifierKind = .transaction
    ) throws(AppStoreServerAPIError) -> Self {
        Self(
            .getRefundHistory, "GET", ["/inApps/v2/refund/lookup", .value(try id(transactionID, "transaction id"))],
            query: revision.map { [QueryItem("revision", $0)] } ?? [], binding: try customer(transactionID, asked))
    }

    /// `body`: a `NotificationHistoryRequest` (`startDate`, `endDate`, and optionally its filters).
    public static func getNotificationHistory(paginationToken: String? = nil, body: [UInt8])
        throws(AppStoreServerAPIError) -> Self
    {
        Self(
            .getNotificationHistory, "POST", ["/inApps/v1/notifications/history"],
            query: paginationToken.map { [QueryItem("paginationToken", $0)] } ?? [], body: try json(body))
    }

    /// The `request-test-notification` request, as Apple's client builds it.
    public static func requestTestNotification() -> Self {
        Self(.requestTestNotification, "POST", ["/inApps/v1/notifications/test"])
    }

    /// The `get-test-notification-status` request, as Apple's client builds it.
    public static func getTestNotificationStatus(token: String) throws(AppStoreServerAPIError) -> Self {
        Self(.getTestNotificationStatus, "GET", ["/inApps/v1/notifications/test", .value(try id(token, "token"))])
    }

    /// Version 1, `ConsumptionRequestV1`.
    public static func sendConsumptionData(transactionID: String, body: [UInt8]) throws(AppStoreServerAPIError) -> Self
    {
        Self(
            .sendConsumptionData, "PUT",
            ["/inApps/v1/transactions/consumption", .value(try id(transactionID, "transaction id"))],
            body: try json(body))
    }

    /// Version 2, `ConsumptionRequest`.
    public static func sendConsumptionInformation(transactionID: String, body: [UInt8])
        throws(AppStoreServerAPIError) -> Self
    {
        Self(
            .sendConsumptionInformation, "PUT",
            ["/inApps/v2/transactions/consumption", .value(try id(transactionID, "transaction id"))],
            body: try json(body))
    }

    /// `body`: an `ExtendRenewalDateRequest` (`extendByDays`, `extendReasonCode`, `requestIdentifier`).
    public static func extendSubscriptionRenewalDate(originalTransactionID: String, body: [UInt8])
        throws(AppStoreServerAPIError) -> Self
    {
        Self(
            .extendSubscriptionRenewalDate, "PUT",
            ["/inApps/v1/subscriptions/extend", .value(try id(originalTransactionID, "original transaction id"))],
            body: try json(body))
    }

    /// `body`: a `MassExtendRenewalDateRequest`.
    public static func extendRenewalDateForAllActiveSubscribers(body: [UInt8]) throws(AppStoreServerAPIError) -> Self {
        Self(
            .extendRenewalDateForAllActiveSubscribers, "POST", ["/inApps/v1/subscriptions/extend/mass"],
            body: try json(body))
    }

    /// The `get-status-of-subscription-renewal-date-extensions` request, as Apple's client builds it.
    public static func getStatusOfSubscriptionRenewalDateExtensions(requestIdentifier: String, productID: String)
        throws(AppStoreServerAPIError) -> Self
    {
        Self(
            .getStatusOfSubscriptionRenewalDateExtensions, "GET",
            [
                "/inApps/v1/subscriptions/extend/mass", .value(try id(productID, "product id")),
                .value(try id(requestIdentifier, "request identifier")),
            ])
    }

    /// `body`: an `UpdateAppAccountTokenRequest` (`appAccountToken`).
    public static func setAppAccountToken(originalTransactionID: String, body: [UInt8])
        throws(AppStoreServerAPIError) -> Self
    {
        Self(
            .setAppAccountToken, "PUT",
            [
                "/inApps/v1/transactions", .value(try id(originalTransactionID, "original transaction id")),
                "/appAccountToken",
            ], body: try json(body))
    }

    /// The `finish-transaction` request, as Apple's client builds it.
    public static func finishTransaction(transactionID: String) throws(AppStoreServerAPIError) -> Self {
        Self(
            .finishTransaction, "POST",
            ["/inApps/v1/transactions", .value(try id(transactionID, "transaction id")), "/finish"])
    }

    /// `image`: the PNG; `imageSize`: `FULL_SIZE` or `BULLET_POINT`.
    public static func uploadImage(imageIdentifier: String, image: [UInt8], imageSize: String? = nil)
        throws(AppStoreServerAPIError) -> Self
    {
        Self(
            .uploadImage, "PUT", ["/inApps/v1/messaging/image", .value(try id(imageIdentifier, "image identifier"))],
            query: imageSize.map { [QueryItem("imageSize", $0)] } ?? [], body: image, contentType: "image/png")
    }

    /// The `delete-image` request, as Apple's client builds it.
    public static func deleteImage(imageIdentifier: String) throws(AppStoreServerAPIError) -> Self {
        Self(
            .deleteImage, "DELETE", ["/inApps/v1/messaging/image", .value(try id(imageIdentifier, "image identifier"))])
    }

    /// The `get-image-list` request, as Apple's client builds it.
    public static func getImageList() -> Self {
        Self(.getImageList, "GET", ["/inApps/v1/messaging/image/list"])
    }

    /// `body`: an `UploadMessageRequestBody` (`header`, `body`, `image`).
    public static func uploadMessage(messageIdentifier: String, body: [UInt8]) throws(AppStoreServerAPIError) -> Self {
        Self(
            .uploadMessage, "PUT",
            ["/inApps/v1/messaging/message", .value(try id(messageIdentifier, "message identifier"))],
            body: try json(body))
    }

    /// The `delete-message` request, as Apple's client builds it.
    public static func deleteMessage(messageIdentifier: String) throws(AppStoreServerAPIError) -> Self {
        Self(
            .deleteMessage, "DELETE",
            ["/inApps/v1/messaging/message", .value(try id(messageIdentifier, "message identifier"))])
    }

    /// The `get-message-list` request, as Apple's client builds it.
    public static func getMessageList() -> Self {
        Self(.getMessageList, "GET", ["/inApps/v1/messaging/message/list"])
    }

    /// `body`: a `DefaultConfigurationRequest` (`messageIdentifier`).
    public static func configureDefaultMessage(productID: String, locale: String, body: [UInt8])
        throws(AppStoreServerAPIError) -> Self
    {
        Self(
            .configureDefaultMessage, "PUT",
            [
                "/inApps/v1/messaging/default", .value(try id(productID, "product id")),
                .value(try id(locale, "locale")),
            ], body: try json(body))
    }

    /// The `delete-default-message` request, as Apple's client builds it.
    public static func deleteDefaultMessage(productID: String, locale: String) throws(AppStoreServerAPIError) -> Self {
        Self(
            .deleteDefaultMessage, "DELETE",
            ["/inApps/v1/messaging/default", .value(try id(productID, "product id")), .value(try id(locale, "locale"))])
    }

    /// The `get-default-message` request, as Apple's client builds it.
    public static func getDefaultMessage(productID: String, locale: String) throws(AppStoreServerAPIError) -> Self {
        Self(
            .getDefaultMessage, "GET",
            ["/inApps/v1/messaging/default", .value(try id(productID, "product id")), .value(try id(locale, "locale"))])
    }

    /// `body`: a `RealtimeUrlRequest` (`realtimeUrl`).
    public static func configureRealtimeURL(body: [UInt8]) throws(AppStoreServerAPIError) -> Self {
        Self(.configureRealtimeURL, "PUT", ["/inApps/v1/messaging/realtime/url"], body: try json(body))
    }

    /// The `delete-realtime-url` request, as Apple's client builds it.
    public static func deleteRealtimeURL() -> Self {
        Self(.deleteRealtimeURL, "DELETE", ["/inApps/v1/messaging/realtime/url"])
    }

    /// The `get-realtime-url` request, as Apple's client builds it.
    public static func getRealtimeURL() -> Self {
        Self(.getRealtimeURL, "GET", ["/inApps/v1/messaging/realtime/url"])
    }

    /// `body`: a `PerformanceTestRequest`.
    public static func initiatePerformanceTest(body: [UInt8]) throws(AppStoreServerAPIError) -> Self {
        Self(.initiatePerformanceTest, "POST", ["/inApps/v1/messaging/performanceTest"], body: try json(body))
    }

    /// The `get-performance-test-results` request, as Apple's client builds it.
    public static func getPerformanceTestResults(requestID: String) throws(AppStoreServerAPIError) -> Self {
        Self(
            .getPerformanceTestResults, "GET",
            ["/inApps/v1/messaging/performanceTest/result", .value(try id(requestID, "request id"))])
    }

    /// The binding of an answer asked about `id`: to that customer when `id` is an app transaction id.
    private static func customer(_ id: String, _ asked: IdentifierKind) throws(AppStoreServerAPIError)
        -> ExpectedAnswer?
    {
        guard asked == .appTransaction else { return nil }
        return .customer(try Self.id(id, "app transaction id"))
    }

    /// An identifier for the path: an empty one would name another resource (`/transactions/`).
    private static func id(_ value: String, _ name: String) throws(AppStoreServerAPIError) -> String {
        guard !value.isEmpty else {
            throw AppStoreServerAPIError(.invalidRequest, "the \(name) is empty")
        }
        return value
    }

    /// `body`, checked to be one JSON object within the bounds of Apple's request types.
    private static func json(_ body: [UInt8]) throws(AppStoreServerAPIError) -> [UInt8] {
        let parsed: JSONValue
        do throws(JSONParser.ParseError) {
            parsed = try JSONParser.parse(body, limits: bodyLimits)
        } catch {
            throw AppStoreServerAPIError(.invalidRequest, "the request body is not JSON: \(error.description)")
        }
        guard case .object = parsed else {
            throw AppStoreServerAPIError(.invalidRequest, "the request body is JSON but not an object")
        }
        return body
    }
}
