extension NotificationPayload {
    /// The `appData` member of a notification (`RESCIND_CONSENT`): the app, and the AppTransaction it
    /// concerns as a nested signed JWS.
    ///
    /// Field names are Apple's; members this version does not know are kept in `unknown`.
    public struct AppData: Sendable, Equatable, Codable {
        public let appAppleId: Int64?
        public let bundleId: String?
        public let environment: String?
        public let signedAppTransactionInfo: String?
        /// Members not listed above, as they came.
        public let unknown: [String: JSONValue]

        public init(from decoder: any Decoder) throws {
            try self.init(json: JSONValue(from: decoder))
        }

        init(json: JSONValue) throws(JSONTypeError) {
            var reader = try JSONFieldReader(json)
            appAppleId = try reader.value("appAppleId")
            bundleId = try reader.value("bundleId")
            environment = try reader.value("environment")
            signedAppTransactionInfo = try reader.value("signedAppTransactionInfo")
            unknown = reader.unknown()
        }

        public func encode(to encoder: any Encoder) throws {
            var writer = JSONFieldWriter(encoder)
            try writer.put(appAppleId, "appAppleId")
            try writer.put(bundleId, "bundleId")
            try writer.put(environment, "environment")
            try writer.put(signedAppTransactionInfo, "signedAppTransactionInfo")
            try writer.unknown(unknown)
        }
    }
}

extension NotificationPayload.AppData: JSONConvertible {}
