extension NotificationPayload {
    /// The `data` member of a notification: the app, and the nested signed JWS.
    ///
    /// Field names are Apple's; members this version does not know are kept in `unknown`.
    public struct NotificationData: Sendable, Equatable, Codable {
        /// The app's Apple ID (App Store Connect's Apple ID of the app); absent in sandbox.
        public let appAppleId: Int64?
        /// The bundle identifier of the app; checked against the validator's bundle id before anything is
        /// decided.
        public let bundleId: String?
        /// The app's build version.
        public let bundleVersion: String?
        /// `Production`, `Sandbox` or `Xcode`: the server environment that signed it.
        public let environment: AppStoreEnvironment?
        /// The transaction as a nested JWS, verified like any other.
        public let signedTransactionInfo: String?
        /// The subscription renewal info as a nested JWS, verified like any other.
        public let signedRenewalInfo: String?
        /// The AppTransaction as a nested JWS, verified like any other.
        public let signedAppTransactionInfo: String?
        /// The subscription's status: 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked.
        public let status: NotificationPayload.SubscriptionState?
        /// Why the customer asked for a refund of a consumable (`UNINTENDED_PURCHASE`...).
        public let consumptionRequestReason: NotificationPayload.ConsumptionRequestReason?
        /// Members not listed above, as they came: filled where ReceiptKit decodes the payload (a report
        /// from the validator), left empty by other decoders such as `JSONDecoder`.
        public var unknown: [String: JSONValue] { unknownFields ?? [:] }
        /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
        /// with the members this type does not name.
        private let unknownFields: [String: JSONValue]?
    }
}

extension NotificationPayload.NotificationData: JSONConvertible {}

extension NotificationPayload.NotificationData: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<NotificationPayload.NotificationData>] = [
        .integer("appAppleId") { $0.appAppleId },
        .string("bundleId") { $0.bundleId },
        .string("bundleVersion") { $0.bundleVersion },
        .string("consumptionRequestReason") { $0.consumptionRequestReason?.rawValue },
        .string("environment") { $0.environment?.rawValue },
        .string("signedAppTransactionInfo") { $0.signedAppTransactionInfo },
        .string("signedRenewalInfo") { $0.signedRenewalInfo },
        .string("signedTransactionInfo") { $0.signedTransactionInfo },
        .integer("status") { $0.status?.rawValue },
        .members("unknownFields") { $0.unknownFields },
    ]
}
