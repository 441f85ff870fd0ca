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
    public let unknown: [String: JSONValue]

    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    init(json: JSONValue) throws(JSONTypeError) {
        var reader = try JSONFieldReader(json)
        appAppleId = try reader.value("appAppleId")
        bundleId = try reader.value("bundleId")
        applicationVersion = try reader.value("applicationVersion")
        originalApplicationVersion = try reader.value("originalApplicationVersion")
        originalPurchaseDate = try reader.value("originalPurchaseDate")
        receiptCreationDate = try reader.value("receiptCreationDate")
        requestDate = try reader.value("requestDate")
        preorderDate = try reader.value("preorderDate")
        receiptType = try reader.value("receiptType")
        environment = try reader.value("environment")
        versionExternalIdentifier = try reader.value("versionExternalIdentifier")
        deviceVerification = try reader.value("deviceVerification")
        deviceVerificationNonce = try reader.value("deviceVerificationNonce")
        appTransactionId = try reader.value("appTransactionId")
        originalPlatform = try reader.value("originalPlatform")
        signedDate = try reader.value("signedDate")
        revocationDate = try reader.value("revocationDate")
        revocationReason = try reader.value("revocationReason")
        unknown = reader.unknown()
    }

    public func encode(to encoder: any Encoder) throws {
        var writer = JSONFieldWriter(encoder)
        try writer.put(appAppleId, "appAppleId")
        try writer.put(bundleId, "bundleId")
        try writer.put(applicationVersion, "applicationVersion")
        try writer.put(originalApplicationVersion, "originalApplicationVersion")
        try writer.put(originalPurchaseDate, "originalPurchaseDate")
        try writer.put(receiptCreationDate, "receiptCreationDate")
        try writer.put(requestDate, "requestDate")
        try writer.put(preorderDate, "preorderDate")
        try writer.put(receiptType, "receiptType")
        try writer.put(environment, "environment")
        try writer.put(versionExternalIdentifier, "versionExternalIdentifier")
        try writer.put(deviceVerification, "deviceVerification")
        try writer.put(deviceVerificationNonce, "deviceVerificationNonce")
        try writer.put(appTransactionId, "appTransactionId")
        try writer.put(originalPlatform, "originalPlatform")
        try writer.put(signedDate, "signedDate")
        try writer.put(revocationDate, "revocationDate")
        try writer.put(revocationReason, "revocationReason")
        try writer.unknown(unknown)
    }
}

extension AppTransaction: JSONConvertible {}
