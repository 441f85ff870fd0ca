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
    /// Members not listed above, as they came: filled where ReceiptKit decodes the payload (a report
    /// from the validator), left empty by other decoders such as `JSONDecoder`.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
    /// with the members this type does not name.
    private let unknownFields: [String: JSONValue]?
}

extension NotificationPayload: JSONConvertible {}

extension NotificationPayload: JWSJSONObject {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    static let jsonMembers: [JWSJSONMember<NotificationPayload>] = [
        JWSJSONMember("appData") { .appData($0.appData) },
        JWSJSONMember("data") { .notificationData($0.data) },
        JWSJSONMember("externalPurchaseToken") { .json($0.externalPurchaseToken) },
        JWSJSONMember("notificationType") { .string($0.notificationType) },
        JWSJSONMember("notificationUUID") { .string($0.notificationUUID) },
        JWSJSONMember("signedDate") { .date($0.signedDate) },
        JWSJSONMember("subtype") { .string($0.subtype) },
        JWSJSONMember("summary") { .json($0.summary) },
        JWSJSONMember("unknownFields") { .members($0.unknownFields) },
        JWSJSONMember("version") { .string($0.version) },
    ]
}
