/// A Retention Messaging API realtime request (DecodedRealtimeRequestBody): the App Store asks the
/// app's server which retention message to show a customer about to cancel.
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
public struct RealtimeRequest: Sendable, Equatable, Codable {
    /// The identifier of the original purchase: the same for every renewal, restore and family-shared copy of
    /// it.
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
    /// Members not listed above, as they came. Reports print them under `unknownFields`, where
    /// `Decodable` reads them back.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; the decoder fills it
    /// with the members this type does not name.
    private var unknownFields: [String: JSONValue]?
}

extension RealtimeRequest: MemberFieldModel {
    /// Reads the payload as Apple writes it, through the same fields; `unknownFields` is read as the member
    /// a report writes it as.
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
