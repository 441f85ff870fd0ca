extension NotificationPayload {
    /// The `data` member of a notification: the app, and the nested signed JWS.
    ///
    /// Field names are Apple's; members this version does not know are kept in `unknown`.
    public struct NotificationData: Sendable, Equatable, Codable {
        public let appAppleId: Int64?
        public let bundleId: String?
        public let bundleVersion: String?
        public let environment: String?
        public let signedTransactionInfo: String?
        public let signedRenewalInfo: String?
        public let signedAppTransactionInfo: String?
        public let status: Int64?
        public let consumptionRequestReason: String?
        /// Members not listed above, as they came.
        public var unknown: [String: JSONValue] { unknownFields ?? [:] }
        /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
        /// with the members this type does not name.
        private let unknownFields: [String: JSONValue]?
    }
}

extension NotificationPayload.NotificationData: JSONConvertible {}
