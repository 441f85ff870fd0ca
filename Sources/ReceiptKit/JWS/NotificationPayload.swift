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
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
    /// with the members this type does not name.
    private let unknownFields: [String: JSONValue]?
}

extension NotificationPayload: JSONConvertible {}
