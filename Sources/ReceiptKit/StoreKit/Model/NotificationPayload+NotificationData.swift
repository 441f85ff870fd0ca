extension NotificationPayload {
    /// The `data` member of a notification: the app, and the nested signed JWS.
    public struct NotificationData: Sendable, Equatable, Codable {
        /// The app's Apple ID (App Store Connect's Apple ID of the app); absent in sandbox.
        public private(set) var appAppleId: Int64?
        /// The app's bundle identifier, checked against the validator's before anything is decided.
        public private(set) var bundleId: String?
        /// The app's build version.
        public private(set) var bundleVersion: String?
        /// The server environment that signed it: one of ``AppStoreEnvironment``.
        public private(set) var environment: AppStoreValue<AppStoreEnvironment>?
        /// The transaction as a nested JWS, verified like any other.
        public private(set) var signedTransactionInfo: String?
        /// The subscription renewal info as a nested JWS, verified like any other.
        public private(set) var signedRenewalInfo: String?
        /// The AppTransaction as a nested JWS, verified like any other.
        public private(set) var signedAppTransactionInfo: String?
        /// The subscription's status: one of ``NotificationPayload/SubscriptionState``.
        public private(set) var status: AppStoreValue<NotificationPayload.SubscriptionState>?
        /// Why the customer asked for a consumable's refund: one of ``NotificationPayload/ConsumptionRequestReason``.
        public private(set) var consumptionRequestReason: AppStoreValue<NotificationPayload.ConsumptionRequestReason>?
        /// Members not listed above, as they came (printed and read back as `unknownFields`).
        public var unknown: [String: JSONValue] { unknownFields ?? [:] }
        /// `unknown`, nil when empty so that reports leave the member out.
        private var unknownFields: [String: JSONValue]?
    }
}

extension NotificationPayload.NotificationData: MemberFieldModel {
    /// Reads the payload as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension NotificationPayload.NotificationData: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<NotificationPayload.NotificationData>] = [
        .integer("appAppleId", { $0.appAppleId }, { $0.appAppleId = $1 }),
        .string("bundleId", { $0.bundleId }, { $0.bundleId = $1 }),
        .string("bundleVersion", { $0.bundleVersion }, { $0.bundleVersion = $1 }),
        .enumeration("consumptionRequestReason", { $0.consumptionRequestReason }, { $0.consumptionRequestReason = $1 }),
        .enumeration("environment", { $0.environment }, { $0.environment = $1 }),
        .string("signedAppTransactionInfo", { $0.signedAppTransactionInfo }, { $0.signedAppTransactionInfo = $1 }),
        .string("signedRenewalInfo", { $0.signedRenewalInfo }, { $0.signedRenewalInfo = $1 }),
        .string("signedTransactionInfo", { $0.signedTransactionInfo }, { $0.signedTransactionInfo = $1 }),
        .enumeration("status", { $0.status }, { $0.status = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
