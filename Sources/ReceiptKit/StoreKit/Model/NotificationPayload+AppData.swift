extension NotificationPayload {
    /// A notification's `appData` (`RESCIND_CONSENT`): the app, and its AppTransaction as a nested signed JWS.
    public struct AppData: Sendable, Equatable, Codable {
        /// The app's Apple ID (App Store Connect's Apple ID of the app); absent in sandbox.
        public private(set) var appAppleId: Int64?
        /// The app's bundle identifier, checked against the validator's before anything is decided.
        public private(set) var bundleId: String?
        /// The server environment that signed it: one of ``AppStoreEnvironment``.
        public private(set) var environment: AppStoreValue<AppStoreEnvironment>?
        /// The AppTransaction as a nested JWS, verified like any other.
        public private(set) var signedAppTransactionInfo: String?
        /// Members not listed above, as they came (printed and read back as `unknownFields`).
        public var unknown: [String: JSONValue] { unknownFields ?? [:] }
        /// `unknown`, nil when empty so that reports leave the member out.
        private var unknownFields: [String: JSONValue]?
    }
}

extension NotificationPayload.AppData: MemberFieldModel {
    /// Reads the payload as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension NotificationPayload.AppData: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<NotificationPayload.AppData>] = [
        .integer("appAppleId", { $0.appAppleId }, { $0.appAppleId = $1 }),
        .string("bundleId", { $0.bundleId }, { $0.bundleId = $1 }),
        .enumeration("environment", { $0.environment }, { $0.environment = $1 }),
        .string("signedAppTransactionInfo", { $0.signedAppTransactionInfo }, { $0.signedAppTransactionInfo = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
