/// A Retention Messaging API realtime request (DecodedRealtimeRequestBody): the App Store asks the
/// app's server which retention message to show a customer about to cancel.
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
public struct RealtimeRequest: Sendable, Equatable, Codable {
    public let originalTransactionId: String?
    public let appAppleId: Int64?
    public let productId: String?
    public let userLocale: String?
    public let requestIdentifier: String?
    public let signedDate: JWSDate?
    public let environment: String?
    /// Members not listed above, as they came: filled where ReceiptKit decodes the payload (a report
    /// from the validator), left empty by other decoders such as `JSONDecoder`.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
    /// with the members this type does not name.
    private let unknownFields: [String: JSONValue]?
}

extension RealtimeRequest: JSONConvertible {}

extension RealtimeRequest: JWSJSONObject {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    static let jsonMembers: [JWSJSONMember<RealtimeRequest>] = [
        JWSJSONMember("appAppleId") { .integer($0.appAppleId) },
        JWSJSONMember("environment") { .string($0.environment) },
        JWSJSONMember("originalTransactionId") { .string($0.originalTransactionId) },
        JWSJSONMember("productId") { .string($0.productId) },
        JWSJSONMember("requestIdentifier") { .string($0.requestIdentifier) },
        JWSJSONMember("signedDate") { .date($0.signedDate) },
        JWSJSONMember("unknownFields") { .members($0.unknownFields) },
        JWSJSONMember("userLocale") { .string($0.userLocale) },
    ]
}
