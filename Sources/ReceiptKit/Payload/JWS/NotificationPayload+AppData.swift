extension NotificationPayload {
    /// The `appData` member of a notification (`RESCIND_CONSENT`): the app, and the AppTransaction it
    /// concerns as a nested signed JWS.
    ///
    /// Field names are Apple's; members this version does not know are kept in `unknown`.
    public struct AppData: Sendable, Equatable, Codable {
        /// The app's Apple ID (App Store Connect's Apple ID of the app); absent in sandbox.
        public let appAppleId: Int64?
        /// The bundle identifier of the app; checked against the validator's bundle id before anything is
        /// decided.
        public let bundleId: String?
        /// `Production`, `Sandbox` or `Xcode`: the server environment that signed it.
        public let environment: AppStoreEnvironment?
        /// The AppTransaction as a nested JWS, verified like any other.
        public let signedAppTransactionInfo: String?
        /// Members not listed above, as they came: filled where ReceiptKit decodes the payload (a report
        /// from the validator), left empty by other decoders such as `JSONDecoder`.
        public var unknown: [String: JSONValue] { unknownFields ?? [:] }
        /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
        /// with the members this type does not name.
        private let unknownFields: [String: JSONValue]?
    }
}

extension NotificationPayload.AppData: JSONConvertible {}

extension NotificationPayload.AppData: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<NotificationPayload.AppData>] = [
        .integer("appAppleId") { $0.appAppleId },
        .string("bundleId") { $0.bundleId },
        .string("environment") { $0.environment?.rawValue },
        .string("signedAppTransactionInfo") { $0.signedAppTransactionInfo },
        .members("unknownFields") { $0.unknownFields },
    ]
}
