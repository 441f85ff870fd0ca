/// The operations of Apple's `AppStoreServerAPIClient` (library 3.1.2) and the Advanced Commerce API's
/// server calls, named in kebab case as the libraries name them, and what each response carries.
public enum AppStoreServerAPIOperation: String, Sendable, CaseIterable, Codable {
    /// Get Transaction History: a customer's transactions, page by page (v1 or v2).
    case getTransactionHistory = "get-transaction-history"
    /// Get Transaction Info: one transaction.
    case getTransactionInfo = "get-transaction-info"
    /// Get All Subscription Statuses: every subscription of the customer, with its latest transaction and renewal info.
    case getAllSubscriptionStatuses = "get-all-subscription-statuses"
    /// Get App Transaction Info: the customer's AppTransaction.
    case getAppTransactionInfo = "get-app-transaction-info"
    /// Look Up Order ID: the transactions of an order id from a customer's receipt email.
    case lookUpOrderID = "look-up-order-id"
    /// Get Refund History: the customer's refunded transactions.
    case getRefundHistory = "get-refund-history"
    /// Get Notification History: the server notifications Apple sent, by date and filters.
    case getNotificationHistory = "get-notification-history"
    /// Request a Test Notification: Apple sends a `TEST` notification to the app's server URL.
    case requestTestNotification = "request-test-notification"
    /// Get Test Notification Status: whether the test notification reached the server.
    case getTestNotificationStatus = "get-test-notification-status"
    /// Send Consumption Information (v1): answers a `CONSUMPTION_REQUEST` for a refund.
    case sendConsumptionData = "send-consumption-data"
    /// Send Consumption Information: answers a `CONSUMPTION_REQUEST` for a refund.
    case sendConsumptionInformation = "send-consumption-information"
    /// Extend a Subscription Renewal Date: for one customer.
    case extendSubscriptionRenewalDate = "extend-subscription-renewal-date"
    /// Extend Subscription Renewal Dates for All Active Subscribers of a product.
    case extendRenewalDateForAllActiveSubscribers = "extend-renewal-date-for-all-active-subscribers"
    /// Get Status of Subscription Renewal Date Extensions: how a mass extension went.
    case getStatusOfSubscriptionRenewalDateExtensions = "get-status-of-subscription-renewal-date-extensions"
    /// Set App Account Token: ties a purchase to an account of the app.
    case setAppAccountToken = "set-app-account-token"
    /// Finish Transaction: marks a consumable as delivered.
    case finishTransaction = "finish-transaction"
    /// Retention Messaging: upload an image.
    case uploadImage = "upload-image"
    /// Retention Messaging: delete an image.
    case deleteImage = "delete-image"
    /// Retention Messaging: the images uploaded.
    case getImageList = "get-image-list"
    /// Retention Messaging: upload a message.
    case uploadMessage = "upload-message"
    /// Retention Messaging: delete a message.
    case deleteMessage = "delete-message"
    /// Retention Messaging: the messages uploaded.
    case getMessageList = "get-message-list"
    /// Retention Messaging: the default message of a product and locale.
    case configureDefaultMessage = "configure-default-message"
    /// Retention Messaging: delete a default message.
    case deleteDefaultMessage = "delete-default-message"
    /// Retention Messaging: read a default message.
    case getDefaultMessage = "get-default-message"
    /// Retention Messaging: set the real-time request URL.
    case configureRealtimeURL = "configure-realtime-url"
    /// Retention Messaging: delete the real-time request URL.
    case deleteRealtimeURL = "delete-realtime-url"
    /// Retention Messaging: read the real-time request URL.
    case getRealtimeURL = "get-realtime-url"
    /// Retention Messaging: start a performance test of the real-time URL.
    case initiatePerformanceTest = "initiate-performance-test"
    /// Retention Messaging: the results of a performance test.
    case getPerformanceTestResults = "get-performance-test-results"
    /// Advanced Commerce API: turn a subscription's automatic renewal off.
    case cancelSubscription = "cancel-subscription"
    /// Advanced Commerce API: a subscription's or its items' SKU, description, display name, tax code.
    case changeSubscriptionMetadata = "change-subscription-metadata"
    /// Advanced Commerce API: new prices for a subscription's SKUs.
    case changeSubscriptionPrice = "change-subscription-price"
    /// Advanced Commerce API: an In-App Purchase subscription becomes an Advanced Commerce one.
    case migrateSubscription = "migrate-subscription"
    /// Advanced Commerce API: end a subscription and its items at once, with a refund.
    case revokeSubscription = "revoke-subscription"
    /// Advanced Commerce API: ask a refund of a transaction's items.
    case requestTransactionRefund = "request-transaction-refund"

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
        /// A JSON string.
        case string
        /// `true` or `false`.
        case bool
        /// A whole number.
        case integer
        /// An array.
        case array
    }

    /// What a successful response to this operation holds.
    public var responseShape: ResponseShape {
        switch self {
        case .getTransactionHistory, .getTransactionInfo, .getAllSubscriptionStatuses, .getAppTransactionInfo,
            .lookUpOrderID, .getRefundHistory, .getNotificationHistory, .getTestNotificationStatus:
            .signed
        case .cancelSubscription, .changeSubscriptionMetadata, .changeSubscriptionPrice, .migrateSubscription,
            .revokeSubscription, .requestTransactionRefund:
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

    /// Whether rules can decide on a successful answer: only a signed answer is verified.
    public var takesRules: Bool { responseShape == .signed }

    /// Whether it is an Advanced Commerce API call: its answer is a transaction and a renewal info.
    public var isAdvancedCommerce: Bool {
        switch self {
        case .cancelSubscription, .changeSubscriptionMetadata, .changeSubscriptionPrice, .migrateSubscription,
            .revokeSubscription, .requestTransactionRefund:
            true
        default: false
        }
    }
}
