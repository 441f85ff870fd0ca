/// An AppTransaction payload: what the App Store says about the app's purchase (the successor of the app receipt).
///
/// Field names are Apple's; members this version does not know are kept in `unknown`.
public struct AppTransaction: Sendable, Equatable, Codable {
    /// The app's Apple ID (App Store Connect's Apple ID of the app); absent in sandbox.
    public let appAppleId: Int64?
    /// The bundle identifier of the app; checked against the validator's bundle id before anything is
    /// decided.
    public let bundleId: String?
    /// The app version the AppTransaction was made for (CFBundleVersion on iOS, CFBundleShortVersionString on
    /// macOS).
    public let applicationVersion: String?
    /// The app version the customer first bought or downloaded: the grandfathering value.
    public let originalApplicationVersion: String?
    /// When the original purchase was made.
    public let originalPurchaseDate: JWSDate?
    /// When the App Store made this AppTransaction.
    public let receiptCreationDate: JWSDate?
    /// When the app asked for it.
    public let requestDate: JWSDate?
    /// When the customer pre-ordered the app, if they did.
    public let preorderDate: JWSDate?
    /// The environment the AppTransaction was made in (`Production`, `Sandbox`, `Xcode`).
    public let receiptType: AppStoreEnvironment?
    /// `Production`, `Sandbox` or `Xcode`: the server environment that signed it.
    public let environment: AppStoreEnvironment?
    /// App Store Connect's identifier of the app version (0 outside production).
    public let versionExternalIdentifier: Int64?
    /// Base64 SHA-384 of the device verification nonce and the device identifier, to tie the data to a
    /// device.
    public let deviceVerification: String?
    /// The UUID the app used with `deviceVerification`.
    public let deviceVerificationNonce: String?
    /// The identifier of the customer's app download, shared by their AppTransaction and transactions.
    public let appTransactionId: String?
    /// The platform of the first purchase: `iOS`, `macOS`, `tvOS` or `visionOS`.
    public let originalPlatform: PurchasePlatform?
    /// When the App Store signed this payload: the date the data describes the world as of.
    public let signedDate: JWSDate?
    /// When the app purchase itself was refunded (Apple back-deploys it to older AppTransactions).
    public let revocationDate: JWSDate?
    /// Why the App Store refunded or revoked it: 0 for another reason, 1 for an issue in the app.
    public let revocationReason: RevocationReason?
    /// Members not listed above, as they came: filled where ReceiptKit decodes the payload (a report
    /// from the validator), left empty by other decoders such as `JSONDecoder`.
    public var unknown: [String: JSONValue] { unknownFields ?? [:] }
    /// `unknown`, nil when empty so reports leave the member out; `JSONValueDecoder` fills it
    /// with the members this type does not name.
    private let unknownFields: [String: JSONValue]?
}

extension AppTransaction: JSONConvertible {}

extension AppTransaction: FieldModel {
    /// Sorted as `JSONEncoder` sorts keys; beside the model, as `unknownFields` is private to it.
    package static let fields: [ModelField<AppTransaction>] = [
        .integer("appAppleId") { $0.appAppleId },
        .string("appTransactionId") { $0.appTransactionId },
        .string("applicationVersion") { $0.applicationVersion },
        .string("bundleId") { $0.bundleId },
        .string("deviceVerification") { $0.deviceVerification },
        .string("deviceVerificationNonce") { $0.deviceVerificationNonce },
        .string("environment") { $0.environment?.rawValue },
        .string("originalApplicationVersion") { $0.originalApplicationVersion },
        .string("originalPlatform") { $0.originalPlatform?.rawValue },
        .date("originalPurchaseDate") { $0.originalPurchaseDate },
        .date("preorderDate") { $0.preorderDate },
        .date("receiptCreationDate") { $0.receiptCreationDate },
        .string("receiptType") { $0.receiptType?.rawValue },
        .date("requestDate") { $0.requestDate },
        .date("revocationDate") { $0.revocationDate },
        .integer("revocationReason") { $0.revocationReason?.rawValue },
        .date("signedDate") { $0.signedDate },
        .members("unknownFields") { $0.unknownFields },
        .integer("versionExternalIdentifier") { $0.versionExternalIdentifier },
    ]
}
