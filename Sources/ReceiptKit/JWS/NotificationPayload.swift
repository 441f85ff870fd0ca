/// An App Store Server Notification V2 payload (responseBodyV2DecodedPayload).
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
public struct NotificationPayload: Sendable, Equatable, Codable {
    public let notificationType: String?
    public let subtype: String?
    public let notificationUUID: String?
    public let version: String?
    public let signedDate: JWSDate?
    public let data: NotificationPayload.NotificationData?
    public let summary: JSONValue?
    public let externalPurchaseToken: JSONValue?
    public let appData: NotificationPayload.AppData?
    /// Members not listed above, as they came.
    public let unknown: [String: JSONValue]

    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    init(json: JSONValue) throws(JSONTypeError) {
        var reader = try JSONFieldReader(json)
        notificationType = try reader.value("notificationType")
        subtype = try reader.value("subtype")
        notificationUUID = try reader.value("notificationUUID")
        version = try reader.value("version")
        signedDate = try reader.value("signedDate")
        data = try reader.value("data")
        summary = try reader.value("summary")
        externalPurchaseToken = try reader.value("externalPurchaseToken")
        appData = try reader.value("appData")
        unknown = reader.unknown()
    }

    public func encode(to encoder: any Encoder) throws {
        var writer = JSONFieldWriter(encoder)
        try writer.put(notificationType, "notificationType")
        try writer.put(subtype, "subtype")
        try writer.put(notificationUUID, "notificationUUID")
        try writer.put(version, "version")
        try writer.put(signedDate, "signedDate")
        try writer.put(data, "data")
        try writer.put(summary, "summary")
        try writer.put(externalPurchaseToken, "externalPurchaseToken")
        try writer.put(appData, "appData")
        try writer.unknown(unknown)
    }
}

extension NotificationPayload: JSONConvertible {}
