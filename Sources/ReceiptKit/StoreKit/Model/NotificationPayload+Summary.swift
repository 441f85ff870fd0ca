extension NotificationPayload {
    /// The `summary` of a renewal-date extension to all subscribers: the request and how many it extended.
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
        /// Members not listed above, as they came (printed and read back as `unknownFields`).
        public var unknown: [String: JSONValue] { unknownFields ?? [:] }
        /// `unknown`, nil when empty so that reports leave the member out.
        private var unknownFields: [String: JSONValue]?
    }
}

extension NotificationPayload.Summary: MemberFieldModel {
    /// Reads the object as Apple writes it, or as a report writes it, through the same fields.
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
