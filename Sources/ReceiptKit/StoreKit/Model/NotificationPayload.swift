/// An App Store Server Notification V2 payload (responseBodyV2DecodedPayload).
public struct NotificationPayload: Sendable, Equatable, Codable {
    /// What happened: one of ``NotificationPayload/NotificationType``.
    public private(set) var notificationType: AppStoreValue<NotificationPayload.NotificationType>?
    /// Detail of the notification type, when it has one: one of ``NotificationPayload/Subtype``.
    public private(set) var subtype: AppStoreValue<NotificationPayload.Subtype>?
    /// The notification's unique identifier, for finding repeats.
    public private(set) var notificationUUID: String?
    /// The notification format's version (`2.0`).
    public private(set) var version: String?
    /// When the App Store signed this payload: the date the data describes the world as of.
    public private(set) var signedDate: JWSDate?
    /// The app and the signed transaction, renewal info or AppTransaction the notification concerns.
    public private(set) var data: NotificationPayload.NotificationData?
    /// For a renewal-date extension to all subscribers: the request's outcome.
    public private(set) var summary: SignedMember<NotificationPayload.Summary>?
    /// For an external purchase notification: the token.
    public private(set) var externalPurchaseToken: SignedMember<NotificationPayload.ExternalPurchaseToken>?
    /// For `RESCIND_CONSENT`: the app and its signed AppTransaction.
    public private(set) var appData: NotificationPayload.AppData?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension NotificationPayload: MemberFieldModel {
    /// Reads the payload as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension NotificationPayload: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<NotificationPayload>] = [
        .model("appData", { $0.appData }, { $0.appData = $1 }),
        .model("data", { $0.data }, { $0.data = $1 }),
        .signedMember("externalPurchaseToken", { $0.externalPurchaseToken }, { $0.externalPurchaseToken = $1 }),
        .enumeration("notificationType", { $0.notificationType }, { $0.notificationType = $1 }).kindMarker(),
        .string("notificationUUID", { $0.notificationUUID }, { $0.notificationUUID = $1 }),
        .date("signedDate", { $0.signedDate }, { $0.signedDate = $1 }),
        .enumeration("subtype", { $0.subtype }, { $0.subtype = $1 }),
        .signedMember("summary", { $0.summary }, { $0.summary = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
        .string("version", { $0.version }, { $0.version = $1 }),
    ]
}
