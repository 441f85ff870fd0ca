/// An App Store Server Notification V2 payload (responseBodyV2DecodedPayload).
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
public struct NotificationPayload: Sendable, Equatable, Codable {
    /// What happened (`SUBSCRIBED`, `DID_RENEW`, `REFUND`...).
    public let notificationType: NotificationPayload.NotificationType?
    /// Detail of the notification type (`INITIAL_BUY`, `AUTO_RENEW_DISABLED`...), when it has one.
    public let subtype: NotificationPayload.Subtype?
    /// The notification's unique identifier, for finding repeats.
    public let notificationUUID: String?
    /// The notification format's version (`2.0`).
    public let version: String?
    /// When the App Store signed this payload: the date the data describes the world as of.
    public let signedDate: JWSDate?
    /// The app and the signed transaction, renewal info or AppTransaction the notification concerns.
    public let data: NotificationPayload.NotificationData?
    /// For a renewal-date extension to all subscribers: the request's outcome, kept as Apple wrote it.
    public let summary: JSONValue?
    /// For an external purchase notification: the token, kept as Apple wrote it.
    public let externalPurchaseToken: JSONValue?
    /// For `RESCIND_CONSENT`: the app and its signed AppTransaction.
    public let appData: NotificationPayload.AppData?
    /// Members not listed above, as they came: filled where ReceiptKit decodes the payload (a report
    /// from the validator), left empty by other decoders such as `JSONDecoder`.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
    /// with the members this type does not name.
    private let unknownFields: [String: JSONValue]?
}

extension NotificationPayload: JSONConvertible {}

extension NotificationPayload: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<NotificationPayload>] = [
        .model("appData") { $0.appData },
        .model("data") { $0.data },
        .json("externalPurchaseToken") { $0.externalPurchaseToken },
        .string("notificationType") { $0.notificationType?.rawValue },
        .string("notificationUUID") { $0.notificationUUID },
        .date("signedDate") { $0.signedDate },
        .string("subtype") { $0.subtype?.rawValue },
        .json("summary") { $0.summary },
        .members("unknownFields") { $0.unknownFields },
        .string("version") { $0.version },
    ]
}
