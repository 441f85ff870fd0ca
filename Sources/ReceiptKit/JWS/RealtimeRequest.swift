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
    /// Members not listed above, as they came.
    public let unknown: [String: JSONValue]

    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    init(json: JSONValue) throws(JSONTypeError) {
        var reader = try JSONFieldReader(json)
        originalTransactionId = try reader.value("originalTransactionId")
        appAppleId = try reader.value("appAppleId")
        productId = try reader.value("productId")
        userLocale = try reader.value("userLocale")
        requestIdentifier = try reader.value("requestIdentifier")
        signedDate = try reader.value("signedDate")
        environment = try reader.value("environment")
        unknown = reader.unknown()
    }

    public func encode(to encoder: any Encoder) throws {
        var writer = JSONFieldWriter(encoder)
        try writer.put(originalTransactionId, "originalTransactionId")
        try writer.put(appAppleId, "appAppleId")
        try writer.put(productId, "productId")
        try writer.put(userLocale, "userLocale")
        try writer.put(requestIdentifier, "requestIdentifier")
        try writer.put(signedDate, "signedDate")
        try writer.put(environment, "environment")
        try writer.unknown(unknown)
    }
}

extension RealtimeRequest: JSONConvertible {}
