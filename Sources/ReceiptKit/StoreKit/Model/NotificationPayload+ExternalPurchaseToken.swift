extension NotificationPayload {
    /// The `externalPurchaseToken` of an external purchase notification (Apple's `ExternalPurchaseToken`).
    public struct ExternalPurchaseToken: Sendable, Equatable, Codable {
        /// The app's Apple ID.
        public private(set) var appAppleId: Int64?
        /// The bundle identifier of the app.
        public private(set) var bundleId: String?
        /// The token's identifier; it starts `SANDBOX` for a sandbox token.
        public private(set) var externalPurchaseId: String?
        /// When the App Store made the token.
        public private(set) var tokenCreationDate: JWSDate?
        /// When a custom link token expires; absent from other tokens.
        public private(set) var tokenExpirationDate: JWSDate?
        /// The kind of a custom link token (Apple documents a string, no fixed list); absent from other tokens.
        public private(set) var tokenType: String?
        /// Members not listed above, as they came (printed and read back as `unknownFields`).
        public var unknown: [String: JSONValue] { unknownFields ?? [:] }
        /// `unknown`, nil when empty so that reports leave the member out.
        private var unknownFields: [String: JSONValue]?
    }
}

extension NotificationPayload.ExternalPurchaseToken: MemberFieldModel {
    /// Reads the object as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension NotificationPayload.ExternalPurchaseToken: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<NotificationPayload.ExternalPurchaseToken>] = [
        .integer("appAppleId", { $0.appAppleId }, { $0.appAppleId = $1 }),
        .string("bundleId", { $0.bundleId }, { $0.bundleId = $1 }),
        .string("externalPurchaseId", { $0.externalPurchaseId }, { $0.externalPurchaseId = $1 }),
        .date("tokenCreationDate", { $0.tokenCreationDate }, { $0.tokenCreationDate = $1 }),
        .date("tokenExpirationDate", { $0.tokenExpirationDate }, { $0.tokenExpirationDate = $1 }),
        .string("tokenType", { $0.tokenType }, { $0.tokenType = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
    ]
}
