/// A Retention Messaging realtime request: which retention message to show a customer about to cancel.
public struct RealtimeRequest: Sendable, Equatable, Codable {
    /// The original purchase's identifier, the same for every renewal, restore and family-shared copy.
    public private(set) var originalTransactionId: String?
    /// The app's Apple ID (App Store Connect's Apple ID of the app); absent in sandbox.
    public private(set) var appAppleId: Int64?
    /// The product identifier of the in-app purchase, as set in App Store Connect.
    public private(set) var productId: String?
    /// The customer's locale, for the retention message's language.
    public private(set) var userLocale: String?
    /// The identifier of this retention-message request.
    public private(set) var requestIdentifier: String?
    /// When the App Store signed this payload: the date the data describes the world as of.
    public private(set) var signedDate: JWSDate?
    /// The server environment that signed it: one of ``AppStoreEnvironment``.
    public private(set) var environment: AppStoreValue<AppStoreEnvironment>?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension RealtimeRequest: MemberFieldModel {
    /// Reads the payload as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension RealtimeRequest: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<RealtimeRequest>] = [
        .integer("appAppleId", { $0.appAppleId }, { $0.appAppleId = $1 }),
        .enumeration("environment", { $0.environment }, { $0.environment = $1 }),
        .string("originalTransactionId", { $0.originalTransactionId }, { $0.originalTransactionId = $1 }),
        .string("productId", { $0.productId }, { $0.productId = $1 }),
        .string("requestIdentifier", { $0.requestIdentifier }, { $0.requestIdentifier = $1 }).kindMarker(),
        .date("signedDate", { $0.signedDate }, { $0.signedDate = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
        .string("userLocale", { $0.userLocale }, { $0.userLocale = $1 }).kindMarker(),
    ]
}
