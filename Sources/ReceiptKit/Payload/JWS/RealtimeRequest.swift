/// A Retention Messaging API realtime request (DecodedRealtimeRequestBody): the App Store asks the
/// app's server which retention message to show a customer about to cancel.
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
public struct RealtimeRequest: Sendable, Equatable, Codable {
    /// The identifier of the original purchase: the same for every renewal, restore and family-shared copy of
    /// it.
    public let originalTransactionId: String?
    /// The app's Apple ID (App Store Connect's Apple ID of the app); absent in sandbox.
    public let appAppleId: Int64?
    /// The product identifier of the in-app purchase, as set in App Store Connect.
    public let productId: String?
    /// The customer's locale, for the retention message's language.
    public let userLocale: String?
    /// The identifier of this retention-message request.
    public let requestIdentifier: String?
    /// When the App Store signed this payload: the date the data describes the world as of.
    public let signedDate: JWSDate?
    /// `Production`, `Sandbox` or `Xcode`: the server environment that signed it.
    public let environment: AppStoreEnvironment?
    /// Members not listed above, as they came: filled where ReceiptKit decodes the payload (a report
    /// from the validator), left empty by other decoders such as `JSONDecoder`.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
    /// with the members this type does not name.
    private let unknownFields: [String: JSONValue]?
}

extension RealtimeRequest: JSONConvertible {}

extension RealtimeRequest: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<RealtimeRequest>] = [
        .integer("appAppleId") { $0.appAppleId },
        .string("environment") { $0.environment?.rawValue },
        .string("originalTransactionId") { $0.originalTransactionId },
        .string("productId") { $0.productId },
        .string("requestIdentifier") { $0.requestIdentifier },
        .date("signedDate") { $0.signedDate },
        .members("unknownFields") { $0.unknownFields },
        .string("userLocale") { $0.userLocale },
    ]
}
