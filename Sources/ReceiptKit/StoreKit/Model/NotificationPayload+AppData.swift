extension NotificationPayload {
    /// The `appData` member of a notification (`RESCIND_CONSENT`): the app, and the AppTransaction it
    /// concerns as a nested signed JWS.
    ///
    /// Field names are Apple's; members this version does not know are kept in `unknown`.
    public struct AppData: Sendable, Equatable, Codable {
        /// The app's Apple ID (App Store Connect's Apple ID of the app); absent in sandbox.
        public private(set) var appAppleId: Int64?
        /// The bundle identifier of the app; checked against the validator's bundle id before anything is
        /// decided.
        public private(set) var bundleId: String?
        /// The server environment that signed it: one of ``AppStoreEnvironment``.
        public private(set) var environment: AppStoreValue<AppStoreEnvironment>?
        /// The AppTransaction as a nested JWS, verified like any other.
        public private(set) var signedAppTransactionInfo: String?
        /// Members not listed above, as they came. Reports print them under `unknownFields`, where
        /// `Decodable` reads them back.
        public var unknown: [String: JSONValue] { unknownFields ?? [:] }
        /// `unknown`, nil when empty so reports leave the member out; the decoder fills it
        /// with the members this type does not name.
        private var unknownFields: [String: JSONValue]?
    }
}

extension NotificationPayload.AppData: MemberFieldModel {
    /// Reads the payload as Apple writes it, through the same fields; `unknownFields` is read as the member
    /// a report writes it as.
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
