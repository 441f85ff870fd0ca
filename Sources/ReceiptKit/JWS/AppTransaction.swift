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
    /// Members not listed above, as they came.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
    /// with the members this type does not name.
    private let unknownFields: [String: JSONValue]?
}

extension AppTransaction: JSONConvertible {}
