/// An AppTransaction payload: what the App Store says about the app's purchase (the successor of the app receipt).
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
public struct AppTransaction: Sendable, Equatable, Codable {
    public let appAppleId: Int64?
    public let bundleId: String?
    public let applicationVersion: String?
    public let originalApplicationVersion: String?
    public let originalPurchaseDate: JWSDate?
    public let receiptCreationDate: JWSDate?
    public let requestDate: JWSDate?
    public let preorderDate: JWSDate?
    public let receiptType: String?
    public let environment: String?
    public let versionExternalIdentifier: Int64?
    public let deviceVerification: String?
    public let deviceVerificationNonce: String?
    public let appTransactionId: String?
    public let originalPlatform: String?
    public let signedDate: JWSDate?
    /// When the app purchase itself was refunded (Apple back-deploys it to older AppTransactions).
    public let revocationDate: JWSDate?
    public let revocationReason: Int64?
    /// Members not listed above, as they came: filled where ReceiptKit decodes the payload (a report
    /// from the validator), left empty by other decoders such as `JSONDecoder`.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
    /// with the members this type does not name.
    private let unknownFields: [String: JSONValue]?
}

extension AppTransaction: JSONConvertible {}

extension AppTransaction: JWSJSONObject {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    static let jsonMembers: [JWSJSONMember<AppTransaction>] = [
        JWSJSONMember("appAppleId") { .integer($0.appAppleId) },
        JWSJSONMember("appTransactionId") { .string($0.appTransactionId) },
        JWSJSONMember("applicationVersion") { .string($0.applicationVersion) },
        JWSJSONMember("bundleId") { .string($0.bundleId) },
        JWSJSONMember("deviceVerification") { .string($0.deviceVerification) },
        JWSJSONMember("deviceVerificationNonce") { .string($0.deviceVerificationNonce) },
        JWSJSONMember("environment") { .string($0.environment) },
        JWSJSONMember("originalApplicationVersion") { .string($0.originalApplicationVersion) },
        JWSJSONMember("originalPlatform") { .string($0.originalPlatform) },
        JWSJSONMember("originalPurchaseDate") { .date($0.originalPurchaseDate) },
        JWSJSONMember("preorderDate") { .date($0.preorderDate) },
        JWSJSONMember("receiptCreationDate") { .date($0.receiptCreationDate) },
        JWSJSONMember("receiptType") { .string($0.receiptType) },
        JWSJSONMember("requestDate") { .date($0.requestDate) },
        JWSJSONMember("revocationDate") { .date($0.revocationDate) },
        JWSJSONMember("revocationReason") { .integer($0.revocationReason) },
        JWSJSONMember("signedDate") { .date($0.signedDate) },
        JWSJSONMember("unknownFields") { .members($0.unknownFields) },
        JWSJSONMember("versionExternalIdentifier") { .integer($0.versionExternalIdentifier) },
    ]
}
