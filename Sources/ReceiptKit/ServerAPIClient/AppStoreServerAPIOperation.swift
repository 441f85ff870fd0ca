/// The operations of Apple's `AppStoreServerAPIClient` (App Store Server library 3.1.2), named as the
/// libraries name them, in kebab case, and what each response carries.
public enum AppStoreServerAPIOperation: String, Sendable, CaseIterable, Codable {
    case getTransactionHistory = "get-transaction-history"
    case getTransactionInfo = "get-transaction-info"
    case getAllSubscriptionStatuses = "get-all-subscription-statuses"
    case getAppTransactionInfo = "get-app-transaction-info"
    case lookUpOrderID = "look-up-order-id"
    case getRefundHistory = "get-refund-history"
    case getNotificationHistory = "get-notification-history"
    case requestTestNotification = "request-test-notification"
    case getTestNotificationStatus = "get-test-notification-status"
    case sendConsumptionData = "send-consumption-data"
    case sendConsumptionInformation = "send-consumption-information"
    case extendSubscriptionRenewalDate = "extend-subscription-renewal-date"
    case extendRenewalDateForAllActiveSubscribers = "extend-renewal-date-for-all-active-subscribers"
    case getStatusOfSubscriptionRenewalDateExtensions = "get-status-of-subscription-renewal-date-extensions"
    case setAppAccountToken = "set-app-account-token"
    case finishTransaction = "finish-transaction"
    case uploadImage = "upload-image"
    case deleteImage = "delete-image"
    case getImageList = "get-image-list"
    case uploadMessage = "upload-message"
    case deleteMessage = "delete-message"
    case getMessageList = "get-message-list"
    case configureDefaultMessage = "configure-default-message"
    case deleteDefaultMessage = "delete-default-message"
    case getDefaultMessage = "get-default-message"
    case configureRealtimeURL = "configure-realtime-url"
    case deleteRealtimeURL = "delete-realtime-url"
    case getRealtimeURL = "get-realtime-url"
    case initiatePerformanceTest = "initiate-performance-test"
    case getPerformanceTestResults = "get-performance-test-results"

    /// What a successful response holds.
    public enum ResponseShape: Sendable, Equatable {
        /// Elements Apple signed: verified as `verify` verifies the same body before anything is returned.
        case signed
        /// A JSON object Apple does not sign; the members it must have, with their JSON types.
        case unsigned(required: [String: JSONMemberType])
        /// No body (HTTP 200 or 202 with nothing to read).
        case empty
    }

    /// The JSON type a required member of an unsigned response has.
    public enum JSONMemberType: Sendable, Equatable {
        case string, bool, integer, array
    }

    public var responseShape: ResponseShape {
        switch self {
        case .getTransactionHistory, .getTransactionInfo, .getAllSubscriptionStatuses, .getAppTransactionInfo,
            .lookUpOrderID, .getRefundHistory, .getNotificationHistory, .getTestNotificationStatus:
            .signed
        case .requestTestNotification: .unsigned(required: ["testNotificationToken": .string])
        case .extendSubscriptionRenewalDate: .unsigned(required: ["success": .bool])
        case .extendRenewalDateForAllActiveSubscribers: .unsigned(required: ["requestIdentifier": .string])
        case .getStatusOfSubscriptionRenewalDateExtensions: .unsigned(required: ["requestIdentifier": .string])
        case .getImageList: .unsigned(required: ["imageIdentifiers": .array])
        case .getMessageList: .unsigned(required: ["messageIdentifiers": .array])
        case .getDefaultMessage: .unsigned(required: [:])
        case .getRealtimeURL: .unsigned(required: [:])
        case .initiatePerformanceTest: .unsigned(required: ["requestId": .string])
        case .getPerformanceTestResults: .unsigned(required: [:])
        case .sendConsumptionData, .sendConsumptionInformation, .setAppAccountToken, .finishTransaction,
            .uploadImage, .deleteImage, .uploadMessage, .deleteMessage, .configureDefaultMessage,
            .deleteDefaultMessage, .configureRealtimeURL, .deleteRealtimeURL:
            .empty
        }
    }

}
