/// An AppTransaction payload: what the App Store says about the app's purchase (the successor of the app receipt).
public struct AppTransaction: Sendable, Equatable, Codable {
    /// The app's Apple ID (App Store Connect's Apple ID of the app); absent in sandbox.
    public private(set) var appAppleId: Int64?
    /// The app's bundle identifier, checked against the validator's before anything is decided.
    public private(set) var bundleId: String?
    /// The app version it was made for (CFBundleVersion on iOS, CFBundleShortVersionString on macOS).
    public private(set) var applicationVersion: String?
    /// The app version the customer first bought or downloaded: the grandfathering value.
    public private(set) var originalApplicationVersion: String?
    /// When the original purchase was made.
    public private(set) var originalPurchaseDate: JWSDate?
    /// When the App Store made this AppTransaction.
    public private(set) var receiptCreationDate: JWSDate?
    /// When the app asked for it.
    public private(set) var requestDate: JWSDate?
    /// When the customer pre-ordered the app, if they did.
    public private(set) var preorderDate: JWSDate?
    /// The environment the AppTransaction was made in: one of ``AppStoreEnvironment``.
    public private(set) var receiptType: AppStoreValue<AppStoreEnvironment>?
    /// The server environment that signed it: one of ``AppStoreEnvironment``.
    public private(set) var environment: AppStoreValue<AppStoreEnvironment>?
    /// App Store Connect's identifier of the app version (0 outside production).
    public private(set) var versionExternalIdentifier: Int64?
    /// Base64 SHA-384 of the device verification nonce and the device identifier.
    public private(set) var deviceVerification: String?
    /// The UUID the app used with `deviceVerification`.
    public private(set) var deviceVerificationNonce: String?
    /// The identifier of the customer's app download, shared by their AppTransaction and transactions.
    public private(set) var appTransactionId: String?
    /// The platform of the first purchase: one of ``PurchasePlatform``.
    public private(set) var originalPlatform: AppStoreValue<PurchasePlatform>?
    /// When the App Store signed this payload: the date the data describes the world as of.
    public private(set) var signedDate: JWSDate?
    /// When the app purchase itself was refunded (Apple back-deploys it to older AppTransactions).
    public private(set) var revocationDate: JWSDate?
    /// Why the App Store refunded or revoked it: one of ``RevocationReason``.
    public private(set) var revocationReason: AppStoreValue<RevocationReason>?
    /// Members not listed above, as they came (printed and read back as `unknownFields`).
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so that reports leave the member out.
    private var unknownFields: [String: JSONValue]?
}

extension AppTransaction: MemberFieldModel {
    /// Reads the payload as Apple writes it, or as a report writes it, through the same fields.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingWritten: decoder)
    }
}

extension AppTransaction: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<AppTransaction>] = [
        .integer("appAppleId", { $0.appAppleId }, { $0.appAppleId = $1 }),
        .string("appTransactionId", { $0.appTransactionId }, { $0.appTransactionId = $1 }),
        .string("applicationVersion", { $0.applicationVersion }, { $0.applicationVersion = $1 }).kindMarker(),
        .string("bundleId", { $0.bundleId }, { $0.bundleId = $1 }),
        .string("deviceVerification", { $0.deviceVerification }, { $0.deviceVerification = $1 }),
        .string("deviceVerificationNonce", { $0.deviceVerificationNonce }, { $0.deviceVerificationNonce = $1 }),
        .enumeration("environment", { $0.environment }, { $0.environment = $1 }),
        .string(
            "originalApplicationVersion", { $0.originalApplicationVersion }, { $0.originalApplicationVersion = $1 }),
        .enumeration("originalPlatform", { $0.originalPlatform }, { $0.originalPlatform = $1 }),
        .date("originalPurchaseDate", { $0.originalPurchaseDate }, { $0.originalPurchaseDate = $1 }),
        .date("preorderDate", { $0.preorderDate }, { $0.preorderDate = $1 }),
        .date("receiptCreationDate", { $0.receiptCreationDate }, { $0.receiptCreationDate = $1 }).kindMarker(),
        .enumeration("receiptType", { $0.receiptType }, { $0.receiptType = $1 }).kindMarker(),
        .date("requestDate", { $0.requestDate }, { $0.requestDate = $1 }),
        .date("revocationDate", { $0.revocationDate }, { $0.revocationDate = $1 }),
        .enumeration("revocationReason", { $0.revocationReason }, { $0.revocationReason = $1 }),
        .date("signedDate", { $0.signedDate }, { $0.signedDate = $1 }),
        .unknownMembers("unknownFields", { $0.unknownFields }, { $0.unknownFields = $1 }),
        .integer("versionExternalIdentifier", { $0.versionExternalIdentifier }, { $0.versionExternalIdentifier = $1 }),
    ]
}
