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
        public let unknown: [String: JSONValue]

        public init(from decoder: any Decoder) throws {
            try self.init(json: JSONValue(from: decoder))
        }

        init(json: JSONValue) throws(JSONTypeError) {
            var reader = try JSONFieldReader(json)
            appAppleId = try reader.value("appAppleId")
            bundleId = try reader.value("bundleId")
            bundleVersion = try reader.value("bundleVersion")
            environment = try reader.value("environment")
            signedTransactionInfo = try reader.value("signedTransactionInfo")
            signedRenewalInfo = try reader.value("signedRenewalInfo")
            signedAppTransactionInfo = try reader.value("signedAppTransactionInfo")
            status = try reader.value("status")
            consumptionRequestReason = try reader.value("consumptionRequestReason")
            unknown = reader.unknown()
        }

        public func encode(to encoder: any Encoder) throws {
            var writer = JSONFieldWriter(encoder)
            try writer.put(appAppleId, "appAppleId")
            try writer.put(bundleId, "bundleId")
            try writer.put(bundleVersion, "bundleVersion")
            try writer.put(environment, "environment")
            try writer.put(signedTransactionInfo, "signedTransactionInfo")
            try writer.put(signedRenewalInfo, "signedRenewalInfo")
            try writer.put(signedAppTransactionInfo, "signedAppTransactionInfo")
            try writer.put(status, "status")
            try writer.put(consumptionRequestReason, "consumptionRequestReason")
            try writer.unknown(unknown)
        }
    }
}

extension NotificationPayload.NotificationData: JSONConvertible {}
