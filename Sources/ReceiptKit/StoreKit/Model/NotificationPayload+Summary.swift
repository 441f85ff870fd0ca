extension NotificationPayload {
    /// The `summary` of a renewal-date extension to all subscribers (`RENEWAL_EXTENSION` with subtype
    /// `SUMMARY`, Apple's `Summary`): the request and how many subscriptions it extended or failed to.
    ///
    /// Field names are Apple's; members this version does not know are kept in `unknown`.
    public struct Summary: Sendable, Equatable, Codable {
        /// The app's Apple ID; absent in sandbox.
        public private(set) var appAppleId: Int64?
        /// The bundle identifier of the app.
        public private(set) var bundleId: String?
        /// The server environment: one of ``AppStoreEnvironment``.
        public private(set) var environment: AppStoreValue<AppStoreEnvironment>?
        /// How many subscriptions the App Store could not extend.
        public private(set) var failedCount: Int64?
        /// The subscription product extended.
        public private(set) var productId: String?
        /// The identifier the extension request gave.
        public private(set) var requestIdentifier: String?
        /// The storefronts the extension applied to.
        public private(set) var storefrontCountryCodes: [String]?
        /// How many subscriptions the App Store extended.
        public private(set) var succeededCount: Int64?
        /// Members not listed above, as they came. Reports print them under `unknownFields`, where
        /// `Decodable` reads them back.
        public var unknown: [String: JSONValue] { unknownFields ?? [:] }
        /// `unknown`, nil when empty so reports leave the member out; the decoder fills it
        /// with the members this type does not name.
        private var unknownFields: [String: JSONValue]?
    }
}

extension NotificationPayload.Summary: MemberFieldModel {
    /// Reads the object as Apple writes it, through the same fields; `unknownFields` is read as the member
    /// a report writes it as.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension NotificationPayload.Summary: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<NotificationPayload.Summary>] = [
        .integer("appAppleId", { $0.appAppleId }, { $0.appAppleId = $1 }),
        .string("bundleId", { $0.bundleId }, { $0.bundleId = $1 }),
        .enumeration("environment", { $0.environment }, { $0.environment = $1 }),
        .integer("failedCount", { $0.failedCount }, { $0.failedCount = $1 }),
        .string("productId", { $0.productId }, { $0.productId = $1 }),
        .string("requestIdentifier", { $0.requestIdentifier }, { $0.requestIdentifier = $1 }),
        .strings("storefrontCountryCodes", { $0.storefrontCountryCodes }, { $0.storefrontCountryCodes = $1 }),
        .integer("succeededCount", { $0.succeededCount }, { $0.succeededCount = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
